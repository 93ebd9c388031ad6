import { expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { linkFromMail } from './support/outbox.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(en('auth', 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('auth', 'signIn.submit'), exact: true }).click();
}

test('a new person signs up, verifies, signs in, sets a ztartag and a PIN, signs out and resets the password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `new.person.${suffix}@example.com`;
  const firstPassword = 'correct horse 1';
  const newPassword = 'battery staple 2';
  const tag = `tipper_${suffix}`.slice(0, 20);

  // Sign up.
  await page.goto('/auth');
  await page.getByRole('tab', { name: en('auth', 'tabs.signUp') }).click();
  // The tab switches after a navigation: until then "Email" is the sign-in form's field.
  const newPasswordField = page.getByLabel(en('auth', 'fields.newPassword'), { exact: true });
  await expect(newPasswordField).toBeVisible();
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(email);
  await newPasswordField.fill(firstPassword);
  await page.getByLabel(en('auth', 'fields.passwordConfirmation'), { exact: true }).fill(firstPassword);
  await page.getByLabel(en('auth', 'signUp.acceptTerms')).check();
  await page.getByLabel(en('auth', 'signUp.acceptPrivacy')).check();
  await page.getByRole('button', { name: en('auth', 'signUp.submit'), exact: true }).click();
  await expect(page.getByText(en('auth', 'signUp.sentTitle'))).toBeVisible();

  // Verify through the link in the mail.
  await page.goto(await linkFromMail(request, email, 'verify-email'));
  await expect(page.getByText(en('auth', 'verify.doneTitle'))).toBeVisible();

  // Sign in: the spec's toast.
  await signIn(page, email, firstPassword);
  await expect(page.getByText(en('account', 'toasts.loginSuccess'))).toBeVisible();

  // Choose a ztartag: a taken one is refused, a free one is saved.
  await page.goto('/account?tab=profile');
  const tagField = page.getByLabel(en('account', 'fields.ztartag'), { exact: true });
  await tagField.fill('maria_waits');
  await expect(page.getByText(en('account', 'ztartag.taken', { tag: 'maria_waits' }))).toBeVisible();
  await tagField.fill(tag);
  await expect(page.getByText(en('account', 'ztartag.available', { tag }))).toBeVisible();
  await page
    .getByRole('button', { name: en('account', 'actions.save') })
    .first()
    .click();
  await expect(page.getByText(en('account', 'personal.saved'))).toBeVisible();

  // Create a PIN.
  await page.goto('/account?tab=security');
  await page.getByLabel(en('account', 'pin.new'), { exact: true }).fill('4826');
  await page.getByLabel(en('account', 'pin.confirm'), { exact: true }).fill('4826');
  await page.getByRole('button', { name: en('account', 'pin.create'), exact: true }).click();
  await expect(page.getByText(en('account', 'pin.created'))).toBeVisible();

  // Sign out.
  await page.getByRole('button', { name: en('account', 'signOut.action'), exact: true }).click();
  await expect(page.getByText(en('account', 'toasts.signedOut'), { exact: true })).toBeVisible();

  // Forgot the password: reset it through the mailed link.
  await page.goto('/auth');
  await page
    .getByRole('button', { name: en('auth', 'signIn.forgot') })
    .or(page.getByRole('link', { name: en('auth', 'signIn.forgot') }))
    .click();
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: en('auth', 'forgot.submit') }).click();
  await expect(page.getByText(en('auth', 'forgot.sent'))).toBeVisible();
  await page.goto(await linkFromMail(request, email, 'reset-password'));
  await page.getByLabel(en('auth', 'fields.newPassword'), { exact: true }).fill(newPassword);
  await page.getByLabel(en('auth', 'fields.passwordConfirmation'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: en('auth', 'reset.submit') }).click();
  await expect(page.getByText(en('auth', 'reset.done'))).toBeVisible();

  // The old password no longer works; the new one does.
  await signIn(page, email, firstPassword);
  await expect(page.getByText(en('account', 'toasts.loginError'))).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page.getByText(en('account', 'toasts.loginSuccess'))).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(`@${tag}`).first()).toBeVisible();
});
