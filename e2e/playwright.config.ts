import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_DATA_DIR (with another E2E_PORT) lets two runs side by side keep separate databases.
const dataDir = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../data/e2e', import.meta.url));

// Every run starts from an empty embedded database (the server seeds its demo data).
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs about a fifth of a journey's CPU: CI records one only when a failed
    // test runs again; a local run (no retries) keeps the failed tests' traces.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Without motion: skeletons that pulse while data loads and dialogs that fade repaint every
    // frame, and on two cores that painting took 15 to 25 % of the journeys' CPU (decision 0059).
    // The gamification journey, whose celebrations move, runs with full motion and checks both.
    reducedMotion: 'reduce',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /.*\.phone\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      testMatch: /.*\.phone\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      // Long enough to see a card payment pending, short enough for the journeys to watch it settle.
      CARD_SETTLEMENT_DELAY_MS: '2000',
      // Every journey that starts as a new person opens an account from this one address.
      SIGN_UPS_PER_IP_PER_HOUR: '100',
      // ...and signs in, as demo people, more often than 50 times in a quarter of an hour.
      SIGN_INS_PER_IP_PER_15_MIN: '500',
      // The integrations journey's webhook receiver listens on loopback (a flag for tests only).
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    },
  },
});
