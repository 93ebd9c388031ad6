import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

/** A square in Lisbon, and a café about 400 m east of it. */
const SQUARE = { latitude: 38.71123, longitude: -9.13987 };
const CAFE = { latitude: 38.71123, longitude: -9.13527 };

async function personAt(browser: Browser, who: keyof typeof DEMO_PEOPLE, where: typeof SQUARE) {
  const context = await browser.newContext({ geolocation: where, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signIn(page, DEMO_PEOPLE[who].email, DEMO_PASSWORD);
  await page.goto('/nearby-users');
  return { context, page };
}

const visibilitySwitch = (page: Page) =>
  page.getByRole('switch', { name: en('nearby', 'visibility.label'), exact: true });
const peopleList = (page: Page) => page.getByRole('list', { name: en('nearby', 'list.title'), exact: true });

test('two people 400 m apart see each other once both are visible, and not after one turns it off', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const maria = await personAt(browser, 'maria', SQUARE);
  const leo = await personAt(browser, 'leo', CAFE);

  // Off by default: no one is listed, and no one lists Maria.
  await expect(visibilitySwitch(maria.page)).not.toBeChecked();
  await expect(maria.page.getByText(en('nearby', 'list.hiddenTitle'))).toBeVisible();

  await visibilitySwitch(maria.page).click();
  await expect(visibilitySwitch(maria.page)).toBeChecked();
  await expect(maria.page.getByText(en('nearby', 'list.emptyTitle'))).toBeVisible();

  await visibilitySwitch(leo.page).click();
  await expect(visibilitySwitch(leo.page)).toBeChecked();
  const mariaRow = peopleList(leo.page)
    .getByRole('listitem')
    .filter({ hasText: `@${DEMO_PEOPLE.maria.ztartag}` });
  await expect(mariaRow).toContainText(en('nearby', 'list.distance', { distance: '1' }));
  await expect(mariaRow.getByRole('link', { name: en('nearby', 'list.tip'), exact: false })).toHaveAttribute(
    'href',
    `/quick-tip/send?to=${DEMO_PEOPLE.maria.ztartag}`,
  );
  await expect(mariaRow.getByRole('link').nth(1)).toHaveAttribute(
    'href',
    `/contacts?add=${DEMO_PEOPLE.maria.ztartag}`,
  );

  // Maria's page sends her position again and sees Leo.
  await maria.page.reload();
  const leoRow = peopleList(maria.page)
    .getByRole('listitem')
    .filter({ hasText: `@${DEMO_PEOPLE.leo.ztartag}` });
  await expect(leoRow).toContainText(en('nearby', 'list.distance', { distance: '1' }));

  // The answer carries a rounded distance and no coordinates.
  const answer = await maria.page.request.get('/api/nearby');
  expect(answer.status()).toBe(200);
  const body = await answer.text();
  expect(body).not.toMatch(/"(lat|lng|lon|latitude|longitude)"/i);
  expect(body).not.toContain('38.71');
  expect(body).not.toContain('-9.13');

  const results = await new AxeBuilder({ page: maria.page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical violations',
  ).toEqual([]);

  // Leo hides: Maria no longer sees him.
  await visibilitySwitch(leo.page).click();
  await expect(visibilitySwitch(leo.page)).not.toBeChecked();
  await expect(leo.page.getByText(en('nearby', 'list.hiddenTitle'))).toBeVisible();
  await maria.page.reload();
  await expect(maria.page.getByText(en('nearby', 'list.emptyTitle'))).toBeVisible();
  await expect(maria.page.getByText(`@${DEMO_PEOPLE.leo.ztartag}`)).toHaveCount(0);

  // Maria hides too, so that other journeys in this run start from nobody visible.
  await visibilitySwitch(maria.page).click();
  await expect(visibilitySwitch(maria.page)).not.toBeChecked();
  await maria.context.close();
  await leo.context.close();
});

test('a refused location keeps the person hidden and says how to allow it', async ({ browser }) => {
  // In the dark theme, so that axe sees the screen in both (the journey above is light).
  const context = await browser.newContext({ geolocation: SQUARE, permissions: [], colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, DEMO_PEOPLE.sam.email, DEMO_PASSWORD);
  await page.goto('/nearby-users');
  await context.clearPermissions();

  await visibilitySwitch(page).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(en('errors', 'location_unavailable'));
  await expect(alert).toContainText(en('nearby', 'denied.fix'));
  await expect(visibilitySwitch(page)).not.toBeChecked();
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => v.id)).toEqual([]);
  await context.close();
});
