import type { MetaOverview } from '@ztart/shared/contracts/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { profiles, userRoles } from '../profiles/tables.ts';

describe('the meta dashboard overview', () => {
  let testApp: TestApp;
  let admin: SignedInPerson;
  let expert: SignedInPerson;
  let business: SignedInPerson;

  const overview = (person: SignedInPerson, query = '') =>
    testApp.app.inject(as(person, { method: 'GET', url: `/api/meta/overview${query}` }));

  beforeAll(async () => {
    testApp = await buildTestApp();
    const { db } = testApp.database;
    admin = await signUpAndSignIn(testApp.app);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    expert = await signUpAndSignIn(testApp.app);
    await db.insert(userRoles).values({ userId: expert.userId, role: 'expert' });
    business = await signUpAndSignIn(testApp.app);
    await db.update(profiles).set({ userLevel: 'business' }).where(eq(profiles.id, business.userId));
  });
  afterAll(() => testApp.close());

  it('shows each level its own sections: business its figures, product the analytics, admin all', async () => {
    const forBusiness = (await overview(business)).json<MetaOverview>();
    expect(forBusiness.accessLevel).toBe('business');
    expect(forBusiness.business).not.toBeNull();
    expect(forBusiness.product).toBeNull();
    expect(forBusiness.platform).toBeNull();

    const forExpert = (await overview(expert)).json<MetaOverview>();
    expect(forExpert.accessLevel).toBe('product');
    expect(forExpert.business).toBeNull();
    expect(forExpert.product).not.toBeNull();

    const forAdmin = (await overview(admin)).json<MetaOverview>();
    expect(forAdmin.accessLevel).toBe('admin');
    expect(forAdmin.business).not.toBeNull();
    expect(forAdmin.platform?.people).toBeGreaterThanOrEqual(3);
  });

  it('counts sign-ups, active people and the actions the app logged, and the quick-tip conversion', async () => {
    for (const action of ['quick_tip_viewed', 'quick_tip_viewed', 'qr_created']) {
      const logged = await testApp.app.inject(
        as(business, { method: 'POST', url: '/api/rpc/log_user_action', payload: { p_action_type: action } }),
      );
      expect(logged.statusCode).toBe(204);
    }
    const today = new Date().toISOString().slice(0, 10);
    const answer = await overview(expert, `?from=${today}&to=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { product, from, to } = answer.json<MetaOverview>();
    expect({ from, to }).toEqual({ from: today, to: today });
    expect(product?.signUps).toEqual([{ date: today, count: 3 }]);
    expect(product?.activePeople[0]?.count).toBeGreaterThanOrEqual(3);
    expect(product?.actions).toEqual(expect.arrayContaining([{ actionType: 'quick_tip_viewed', count: 2 }]));
    expect(product?.quickTip).toEqual({ pageViews: 2, tips: 0, conversionBasisPoints: 0 });
  });

  it('refuses a period in the wrong order or too long', async () => {
    expect((await overview(admin, '?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await overview(admin, '?from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
  });
});
