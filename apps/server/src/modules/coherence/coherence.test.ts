import type { CoherenceReport } from '@ztart/shared/contracts/assistant';
import type { Goal } from '@ztart/shared/contracts/goals';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';

describe('GET /api/coherence', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-20T12:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());
  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const report = async (person: SignedInPerson) => {
    const answer = await send(person, { method: 'GET', url: '/api/coherence' });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<CoherenceReport>();
  };

  it('reports a goal its date makes unreachable, until the date moves', async () => {
    const person = await signUpAndSignIn(testApp.app);
    expect((await report(person)).findings).toEqual([]);
    const created = await send(person, {
      method: 'POST',
      url: '/api/goals',
      payload: { name: 'Bike', targetMinor: 300_00, currency: 'USD', targetDate: '2026-05-31' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const goal = created.json<Goal>();
    const findings = (await report(person)).findings.filter((finding) => finding.rule === 'goalUnreachable');
    expect(findings).toEqual([
      {
        rule: 'goalUnreachable',
        severity: 'high',
        currency: 'USD',
        figures: {
          goal: 'Bike',
          goalId: goal.id,
          targetDate: '2026-05-31',
          neededMinor: 300_00,
          paceMinor: 0,
        },
        action: { href: '/goals' },
      },
    ]);
    const moved = await send(person, {
      method: 'PATCH',
      url: `/api/goals/${goal.id}`,
      payload: { targetDate: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await report(person)).findings.filter((finding) => finding.rule === 'goalUnreachable')).toEqual(
      [],
    );
  });

  it('needs a signed-in person', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/coherence' })).statusCode).toBe(401);
  });
});
