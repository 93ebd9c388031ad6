import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

// Chromium's fake camera (a moving test pattern), allowed without a prompt: only this file's
// browser gets it, the other specs keep theirs.
test.use({
  launchOptions: async ({ launchOptions }, use) => {
    await use({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
  },
});

/** An 8×6 PNG of one colour. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWtWBFTEMpAQAm8Q/wQql7zAAAAAASUVORK5CYII=',
  'base64',
);

async function expectNoSevereViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical violations',
  ).toEqual([]);
}

async function openSection(page: Page, section: string) {
  await page.getByRole('tab', { name: en('profile', `tabs.${section}`) }).click();
  await expect(page).toHaveURL(new RegExp(`section=${section}`));
}

test('on a phone, a person uploads a photo, takes one with the camera, deletes one, writes a post, and the public profile shows only what is public', async ({
  page,
  browser,
}) => {
  // A long journey with an accessibility check on every screen.
  test.setTimeout(180_000);
  const person = DEMO_PEOPLE.sam;
  const postText = `Tonight at the harbour ${Date.now().toString(36)}`;
  const privateText = `Only for me ${Date.now().toString(36)}`;
  await signIn(page, person.email, DEMO_PASSWORD);

  await test.step('upload a photo from a file, public', async () => {
    await page.goto('/profile');
    await openSection(page, 'photos');
    await page.getByLabel(en('profile', 'photos.choose'), { exact: true }).setInputFiles({
      name: 'street.png',
      mimeType: 'image/png',
      buffer: SMALL_PNG,
    });
    await expect(page.getByRole('img', { name: en('profile', 'photos.previewAlt') })).toBeVisible();
    const uploadForm = page.getByRole('region', { name: en('profile', 'photos.title') });
    await uploadForm.getByRole('radio', { name: en('profile', 'visibility.public') }).check();
    await expectNoSevereViolations(page);
    await uploadForm.getByRole('button', { name: en('profile', 'photos.upload') }).click();
    await expect(page.getByText(en('profile', 'photos.uploaded'))).toBeVisible();
  });

  await test.step('take a photo with the camera: preview, retake, save (private)', async () => {
    const camera = page.getByRole('region', { name: en('profile', 'camera.title') });
    await camera.getByRole('button', { name: en('profile', 'camera.open') }).click();
    await expect(camera.getByLabel(en('profile', 'camera.liveLabel'))).toBeVisible();
    await camera.getByRole('button', { name: en('profile', 'camera.capture') }).click();
    await expect(camera.getByRole('img', { name: en('profile', 'camera.capturedAlt') })).toBeVisible();
    await camera.getByRole('button', { name: en('profile', 'camera.retake') }).click();
    await camera.getByRole('button', { name: en('profile', 'camera.capture') }).click();
    await expect(camera.getByRole('radio', { name: en('profile', 'visibility.private') })).toBeChecked();
    await expectNoSevereViolations(page);
    await camera.getByRole('button', { name: en('profile', 'camera.save') }).click();
    await expect(camera.getByRole('button', { name: en('profile', 'camera.open') })).toBeVisible();
  });

  await test.step('the gallery shows both; the newest (the camera photo) is deleted after a confirmation', async () => {
    await openSection(page, 'gallery');
    const gallery = page.getByRole('region', { name: en('profile', 'gallery.title') });
    const photos = gallery.getByRole('button', { name: /^Open the photo of/ });
    await expect(photos).toHaveCount(2);
    await expectNoSevereViolations(page);
    await photos.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(en('profile', 'visibility.privateBadge'))).toBeVisible();
    await expectNoSevereViolations(page);
    await dialog.getByRole('button', { name: en('profile', 'gallery.delete') }).click();
    await dialog.getByRole('button', { name: en('profile', 'gallery.confirm') }).click();
    await expect(page.getByText(en('profile', 'gallery.deleted'))).toBeVisible();
    await expect(photos).toHaveCount(1);
  });

  await test.step('write a public post and a private one', async () => {
    await openSection(page, 'posts');
    for (const [body, visibility] of [
      [postText, 'public'],
      [privateText, 'private'],
    ] as const) {
      await page.getByLabel(en('profile', 'posts.text'), { exact: true }).fill(body);
      await page.getByRole('radio', { name: en('profile', `visibility.${visibility}`) }).check();
      await page.getByRole('button', { name: en('profile', 'posts.publish') }).click();
      await expect(
        page.getByRole('region', { name: en('profile', 'posts.listTitle') }).getByText(body),
      ).toBeVisible();
    }
    await expectNoSevereViolations(page);
  });

  await test.step('the activity lists the public post', async () => {
    await openSection(page, 'activity');
    const activity = page.getByRole('region', { name: en('profile', 'activity.title') });
    await expect(activity.getByText(postText)).toBeVisible();
    await expect(activity.getByText(privateText)).toHaveCount(0);
    await expectNoSevereViolations(page);
  });

  await test.step('signed out, the public profile shows the public photo and post and the tip button', async () => {
    const visitor = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: test.info().project.use.baseURL,
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/@${person.ztartag}`);
    const tip = visitorPage.getByRole('link', { name: en('profile', 'public.tip', { tag: person.ztartag }) });
    await expect(tip).toBeVisible();
    await expect(visitorPage.getByText(postText)).toBeVisible();
    await expect(visitorPage.getByText(privateText)).toHaveCount(0);
    await expect(visitorPage.getByRole('button', { name: /^Open the photo of/ })).toHaveCount(1);
    await expectNoSevereViolations(visitorPage);
    await tip.click();
    await expect(visitorPage).toHaveURL(new RegExp(`/quick-tip\\?to=${person.ztartag}$`));
    await visitor.close();
  });
});
