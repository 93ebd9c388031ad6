import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import type { GamificationResponse } from '@ztart/shared/contracts/gamification';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { fundWallet, money } from './support/money.ts';
import { type NewPerson, signUpNewPerson } from './support/people.ts';

/** Daily challenges a tip completes: one tip, or three. */
const TIP_CHALLENGES = ['send_tip', 'send_tips_3'] as const;

/** XP, celebrations and notifications arrive a moment after the action has committed (decision 0050). */
const AWARD_TIMEOUT_MS = 20_000;

// The other journeys run without motion (playwright.config.ts): here the celebrations move, until
// the journey asks for reduced motion itself.
test.use({ reducedMotion: 'no-preference' });

async function standingOf(page: Page): Promise<GamificationResponse> {
  const response = await page.request.get('/api/gamification');
  expect(response.ok()).toBe(true);
  return (await response.json()) as GamificationResponse;
}

/** The celebration card of a kind, as it shows at the top of the screen. */
function celebration(page: Page, kind: 'level_up' | 'achievement' | 'challenge_complete'): Locator {
  return page
    .getByRole('region', { name: en('gamification', 'celebration.regionLabel') })
    .locator(`[data-testid="celebration"][data-kind="${kind}"]`);
}

/** A person to tip: a new person too (tips to the seeded demo people earn nothing). */
async function signUpInOwnContext(browser: Browser, prefix: string): Promise<NewPerson> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await signUpNewPerson(page, context.request, prefix);
  await context.close();
  return person;
}

/**
 * Signs new people up, each in a browser of their own, until one has a tip among today's three
 * challenges (chosen from the pool by person and date: about three people in five have one).
 * Answers that person's page, signed in, and the challenge.
 */
async function signUpWithTipChallenge(
  browser: Browser,
): Promise<{ page: Page; tipChallenge: (typeof TIP_CHALLENGES)[number] }> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpNewPerson(page, context.request, 'gamer');
    const { challenges } = await standingOf(page);
    const tip = challenges.find((challenge) => (TIP_CHALLENGES as readonly string[]).includes(challenge.id));
    if (tip) return { page, tipChallenge: tip.id as (typeof TIP_CHALLENGES)[number] };
    await context.close();
  }
  throw new Error('no new person had a tip challenge today');
}

/** Tips `ztartag` 5.00 from the balance, through the app's own quick tip, up to its receipt. */
async function tipFromBalance(page: Page, ztartag: string): Promise<void> {
  await page.goto('/quick-tip/send');
  await page.getByLabel(en('wallet', 'send.recipient'), { exact: true }).fill(ztartag);
  await page.getByRole('button', { name: en('tips', 'send.choose', { name: `@${ztartag}` }) }).click();
  await expect(page.getByRole('radio', { name: money(500) })).toBeChecked();
  await page.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await page.getByRole('button', { name: en('tips', 'send.confirmAction', { amount: money(500) }) }).click();
  await expect(
    page.getByRole('heading', { name: en('tips', 'send.doneTitle', { name: `@${ztartag}` }) }),
  ).toBeVisible();
}

test('a new person earns XP as they go: the first deposit unlocks an achievement, a tip completes a challenge, a second one a level', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const receiver = await signUpInOwnContext(browser, 'tipped');
  const { page, tipChallenge } = await signUpWithTipChallenge(browser);

  // A new person: a novice with no XP, three challenges and every achievement still to earn.
  await page.goto('/');
  const panel = page.getByRole('region', { name: en('gamification', 'panel.title') });
  await expect(
    panel.getByRole('heading', { name: en('gamification', 'level.current', { level: 'Novice' }) }),
  ).toBeVisible();
  await expect(panel.getByTestId('gamification-xp')).toHaveText(en('gamification', 'level.xp', { xp: '0' }));
  await expect(panel.getByTestId('daily-challenge')).toHaveCount(3);
  await expect(panel.getByText(en('gamification', 'panel.nextAchievements'))).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the home screen with its gamification panel');

  // The first deposit: an achievement, celebrated live on the screen and read out.
  await fundWallet(page, 5_000, 'Gamer One');
  const firstDeposit = celebration(page, 'achievement');
  await expect(firstDeposit).toContainText(
    en('gamification', 'celebration.achievement.body', { title: 'First deposit', rarity: 'Common' }),
    { timeout: AWARD_TIMEOUT_MS },
  );
  await expect(page.getByTestId('celebration-announcement')).toContainText(
    en('gamification', 'celebration.achievement.title'),
  );
  await expectNoSevereAxeIssue(page, 'the home screen with a celebration');
  // Dismissed with the keyboard.
  await page.keyboard.press('Escape');
  await expect(firstDeposit).toHaveCount(0);
  // The panel shows it as the latest achievement, and the XP it brought.
  await expect(panel.locator('[data-testid="achievement"][data-achievement="first_deposit"]')).toBeVisible();
  await expect(panel.getByTestId('gamification-xp')).toHaveText(en('gamification', 'level.xp', { xp: '50' }));

  // Its notification, in the notification centre.
  await page.goto('/notifications');
  await expect(
    page.getByTestId('notification').filter({
      hasText: en('gamification', 'notifications.achievementUnlocked', { title: 'First deposit' }),
    }),
  ).toBeVisible();

  // A tip completes today's tip challenge (three tips for "Send 3 tips").
  const tipsForChallenge = tipChallenge === 'send_tips_3' ? 3 : 1;
  for (let tip = 0; tip < tipsForChallenge; tip += 1) await tipFromBalance(page, receiver.ztartag);
  const challengeName = en('gamification', `challenges.${tipChallenge}`);
  await expect(celebration(page, 'challenge_complete')).toContainText(challengeName, {
    timeout: AWARD_TIMEOUT_MS,
  });
  await page
    .getByRole('button', {
      name: `${en('gamification', 'celebration.dismiss')}: ${en('gamification', 'celebration.challenge_complete.title')}`,
    })
    .click();
  await expect(celebration(page, 'challenge_complete')).toHaveCount(0);

  // Crossing 100 XP makes an apprentice: with "Send a tip", one more tip (50 + 15 + 25 + 15);
  // "Send 3 tips" got there already (50 + 45 + 25). Without motion, the celebration is still there.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  if (tipChallenge === 'send_tip') await tipFromBalance(page, receiver.ztartag);
  const levelUp = celebration(page, 'level_up');
  await expect(levelUp).toContainText(
    en('gamification', 'celebration.level_up.body', { level: 'Apprentice' }),
    {
      timeout: AWARD_TIMEOUT_MS,
    },
  );
  if (tipChallenge === 'send_tip')
    await expect(
      page.getByRole('region', { name: en('gamification', 'celebration.regionLabel') }),
    ).toHaveAttribute('data-motion', 'reduced');

  // The full screen: level, the challenge done, achievements with how to earn the others, the history.
  await levelUp.getByRole('link', { name: en('gamification', 'celebration.open') }).click();
  await expect(page.getByTestId('screen-title')).toHaveText(en('screens', 'achievements.title'));
  await expect(
    page.getByRole('heading', { name: en('gamification', 'level.current', { level: 'Apprentice' }) }),
  ).toBeVisible();
  await expect(page.locator('[data-testid="daily-challenge"][data-done]')).toContainText(challengeName);
  await expect(page.locator('[data-testid="achievement"][data-achievement="first_tip_sent"]')).toContainText(
    en('gamification', 'achievementList.unlockedOn', { date: '' }).trim(),
  );
  await expect(page.locator('[data-testid="achievement"][data-achievement="tips_sent_10"]')).toContainText(
    en('gamification', 'achievementList.progress', {
      current: String(tipChallenge === 'send_tips_3' ? 3 : 2),
      target: '10',
    }),
  );
  await expect(
    page.getByTestId('xp-event').filter({ hasText: en('gamification', 'actions.first_deposit') }),
  ).toContainText(en('gamification', 'history.xp', { xp: '50' }));
  await expectNoSevereAxeIssue(page, 'the achievements screen');

  // The level's notification too.
  await page.goto('/notifications');
  await expect(
    page.getByTestId('notification').filter({
      hasText: en('gamification', 'notifications.levelUp', { level: 'Apprentice' }),
    }),
  ).toBeVisible();
  expect((await standingOf(page)).level).toBe('apprentice');
  await page.context().close();
});
