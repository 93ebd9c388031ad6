import type { Page } from '@playwright/test';

/** Sends an API request with the page's session and CSRF token, as the web app does. */
export async function callAsPage(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  headers = {},
) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return page.request.fetch(path, { method, data, headers: { 'X-CSRF-Token': csrf, ...headers } });
}

/** Starts (and ends) with no contacts and no groups, whatever an earlier run left. */
export async function forgetContacts(page: Page): Promise<void> {
  const contacts = (await (await callAsPage(page, 'GET', '/api/contacts?limit=100')).json()) as {
    items: { id: string }[];
  };
  for (const { id } of contacts.items) await callAsPage(page, 'DELETE', `/api/contacts/${id}`);
  const groups = (await (await callAsPage(page, 'GET', '/api/contact-groups')).json()) as {
    items: { id: string }[];
  };
  for (const { id } of groups.items) await callAsPage(page, 'DELETE', `/api/contact-groups/${id}`);
}
