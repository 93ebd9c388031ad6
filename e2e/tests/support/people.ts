import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { en } from './catalog.ts';
import { linkFromMail } from './outbox.ts';

/** The password of every seeded demo person. */
export const DEMO_PASSWORD = 'ztart-demo-2026';

/** Seeded demo people that journeys may sign in as instead of signing up (sign-up is rate limited). */
export const DEMO_PEOPLE = {
  maria: { email: 'maria.santos@example.com', ztartag: 'maria_waits' },
  leo: { email: 'leo.martin@example.com', ztartag: 'leo_guitar' },
  sam: { email: 'sam.okafor@example.com', ztartag: 'sam_drives' },
  claire: { email: 'claire.dubois@example.com', ztartag: 'cafe_aurora' },
  ada: { email: 'ada.admin@example.com', ztartag: 'ztart_admin' },
} as const;

export interface NewPerson {
  email: string;
  password: string;
  ztartag: string;
}

/** A suffix that keeps emails and ztartags of one run apart from every other run's. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Signs in on /auth and waits for the spec's "logged in" toast. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(en('auth', 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('auth', 'signIn.submit'), exact: true }).click();
  // A busy machine signs in slowly (argon2 and the first screen's code): more than the default wait.
  await expect(page.getByText(en('account', 'toasts.loginSuccess'))).toBeVisible({ timeout: 20_000 });
}

/**
 * Signs a brand-new person up as a visitor would: the sign-up form, the verification link from
 * the outbox, sign-in, then a ztartag chosen on the profile. Leaves the page signed in.
 */
export async function signUpNewPerson(
  page: Page,
  request: APIRequestContext,
  tagPrefix: string,
): Promise<NewPerson> {
  const suffix = uniqueSuffix();
  const person: NewPerson = {
    // Sign-up suggests a ztartag from the email: a different one is chosen on purpose.
    email: `new.person.${suffix}@example.com`,
    password: 'correct horse 1',
    ztartag: `${tagPrefix}_${suffix}`.slice(0, 20),
  };

  await page.goto('/auth');
  await page.getByRole('tab', { name: en('auth', 'tabs.signUp') }).click();
  // The tab switches after a navigation: until then "Email" is the sign-in form's field.
  const newPassword = page.getByLabel(en('auth', 'fields.newPassword'), { exact: true });
  await expect(newPassword).toBeVisible();
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(person.email);
  await newPassword.fill(person.password);
  await page.getByLabel(en('auth', 'fields.passwordConfirmation'), { exact: true }).fill(person.password);
  await page.getByLabel(en('auth', 'signUp.acceptTerms')).check();
  await page.getByLabel(en('auth', 'signUp.acceptPrivacy')).check();
  await page.getByRole('button', { name: en('auth', 'signUp.submit'), exact: true }).click();
  await expect(page.getByText(en('auth', 'signUp.sentTitle'))).toBeVisible();

  await page.goto(await linkFromMail(request, person.email, 'verify-email'));
  await expect(page.getByText(en('auth', 'verify.doneTitle'))).toBeVisible();
  await signIn(page, person.email, person.password);

  await page.goto('/account?tab=profile');
  const tagField = page.getByLabel(en('account', 'fields.ztartag'), { exact: true });
  await tagField.fill(person.ztartag);
  await expect(page.getByText(en('account', 'ztartag.available', { tag: person.ztartag }))).toBeVisible();
  await page
    .getByRole('button', { name: en('account', 'actions.save') })
    .first()
    .click();
  await expect(page.getByText(en('account', 'personal.saved'))).toBeVisible();
  return person;
}
