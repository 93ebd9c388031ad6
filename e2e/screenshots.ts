/**
 * Takes the README's screenshots from a running app (default http://localhost:3000):
 *   npm start            # in one terminal
 *   npm run screenshots  # in another
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const baseUrl = process.env.APP_URL ?? 'http://localhost:3000';
const outDir = new URL('../docs/screenshots/', import.meta.url);

const SHOTS = [
  { name: 'dashboard-desktop-light', path: '/', width: 1280, height: 800, theme: 'light', language: 'en' },
  { name: 'wallet-phone-dark', path: '/wallet', width: 360, height: 740, theme: 'dark', language: 'en' },
  { name: 'account-phone-es', path: '/settings', width: 360, height: 740, theme: 'light', language: 'es' },
  { name: 'not-found-desktop-pt', path: '/nowhere', width: 1280, height: 800, theme: 'dark', language: 'pt' },
] as const;

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const shot of SHOTS) {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 2,
    colorScheme: shot.theme,
    locale: shot.language,
  });
  const page = await context.newPage();
  await page.goto(new URL(shot.path, baseUrl).href);
  await page.getByTestId('screen-title').waitFor();
  await page.screenshot({ path: new URL(`${shot.name}.png`, outDir).pathname });
  await context.close();
  console.log(`docs/screenshots/${shot.name}.png`);
}
await browser.close();
