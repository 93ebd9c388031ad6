import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { text } from './support/catalog.ts';
import { enterDemo } from './support/demo.ts';

test('on a phone, the assistant panel is a full-height sheet that Escape closes', async ({ page }) => {
  test.setTimeout(120_000);
  await enterDemo(page);
  await page.goto('/budget');
  const opener = page.getByRole('button', { name: text('en', 'nav', 'assistant.open') });
  await opener.click();
  const panel = page.getByRole('dialog', { name: text('en', 'nav', 'assistant.title') });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel(text('en', 'assistant', 'chat.askLabel'))).toBeVisible();
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.width)).toBe(viewport.width);
  expect(Math.round(box.height)).toBe(viewport.height);
  await expectNoSevereAxeIssue(page, 'the assistant panel on a phone');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
});
