import type {
  AssistantUsage,
  Conversation,
  GuestMessageResponse,
  SendMessageResponse,
} from '@ztart/shared/contracts/assistant';
import { ASSISTANT_LIMITS } from '@ztart/shared/contracts/assistant';
import { ROLE_PLANS } from '@ztart/shared/roles';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { as, type SignedInPerson, signUpAndSignIn, uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { createBuiltinEngine } from './builtin-engine.ts';
import type { AssistantEngine, EngineRequest } from './engine.ts';
import { reserveQuota } from './quota.ts';
import { GUEST_DEVICE_COOKIE } from './routes.ts';
import { assistantUsage } from './tables.ts';
import { createTokenCounter } from './tokens.ts';

/** The built-in engine, which a test can hold at its door to make requests overlap. */
function holdableEngine() {
  const builtin = createBuiltinEngine();
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  const seen: EngineRequest[] = [];
  const engine: AssistantEngine = {
    async answer(request) {
      seen.push(request);
      if (gate) await gate;
      return builtin.answer(request);
    },
  };
  return {
    engine,
    seen,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
  };
}

const GUEST_RATE = { max: 30, windowSeconds: 60 };

describe('assistant quota reservations', () => {
  const held = holdableEngine();
  const tokens = createTokenCounter();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: { ...ROOMY_RATE_LIMITS, assistantGuestPerIp: GUEST_RATE },
      assistantEngine: held.engine,
    });
  });
  afterAll(() => testApp.close());

  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const waitFor = async (done: () => boolean) => {
    for (let tries = 0; !done(); tries++) {
      if (tries > 500) throw new Error('waited too long');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('lets through only the concurrent requests whose tokens fit under the cap', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const content = 'What is my balance?';
    const need = tokens.count(content) + ASSISTANT_LIMITS.answerTokensMax;
    // Room for exactly three requests with a whole answer budget each.
    const plan = ROLE_PLANS.user;
    await testApp.database.db.insert(assistantUsage).values({
      subject: person.userId,
      model: 'standard',
      inputTokens: plan.dailyTokens - 3 * need,
      outputTokens: 0,
      costMillicents: plan.dailyTokens - 3 * need,
    });
    const conversations = await Promise.all(
      Array.from({ length: 6 }, async () =>
        (
          await send(person, { method: 'POST', url: '/api/assistant/conversations', payload: {} })
        ).json<Conversation>(),
      ),
    );
    held.hold();
    const before = held.seen.length;
    const answers: LightMyRequestResponse[] = [];
    const pending = conversations.map((conversation) =>
      send(person, {
        method: 'POST',
        url: `/api/assistant/conversations/${conversation.id}/messages`,
        payload: { content, language: 'en' },
      }).then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );
    // Every request has either reached the engine (its tokens reserved) or been refused.
    await waitFor(() => held.seen.length - before + answers.length === 6);
    expect(held.seen.length - before).toBe(3);
    expect(held.seen.slice(before).map((request) => request.maxOutputTokens)).toEqual([
      ASSISTANT_LIMITS.answerTokensMax,
      ASSISTANT_LIMITS.answerTokensMax,
      ASSISTANT_LIMITS.answerTokensMax,
    ]);
    // While they are answered, the reservations count: the meter shows the cap reached.
    const during = (
      await send(person, { method: 'GET', url: '/api/assistant/usage' })
    ).json<AssistantUsage>();
    expect(during.daily.usedTokens).toBe(plan.dailyTokens);
    held.release();
    const all = await Promise.all(pending);
    expect(all.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    const refused = all.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(429);
      expect(answer.json().error).toMatchObject({ code: 'quota_exceeded', details: { quota: 'daily' } });
    }
    // Settled to the real figures: what the three answers used, far less than they reserved.
    const answered = all
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<SendMessageResponse>());
    const spent = answered.reduce((sum, one) => sum + one.question.tokens + one.answer.tokens, 0);
    const after = (await send(person, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    expect(after.daily.usedTokens).toBe(plan.dailyTokens - 3 * need + spent);
  });

  it('reserves under a lock: of many reservations at once, only those that fit are made', async () => {
    const subject = `race:${uniqueIp()}`;
    const question = 10;
    // Half of them also count on a second subject with room to spare: they wait for the others
    // only on the database's lock, not in this server's memory.
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        reserveQuota(
          testApp.database.db,
          index % 2 === 0 ? [subject] : [subject, `${subject}:other`],
          'user',
          'standard',
          question,
          new Date(),
        ),
      ),
    );
    // 10,000 tokens: nine whole reservations of 10 + 1,000, then 910 left, which still holds a
    // question and an answer of 900; nothing fits after that.
    const made = attempts
      .filter((attempt) => attempt.status === 'fulfilled')
      .map((attempt) => attempt.value.maxOutputTokens)
      .sort((a, b) => b - a);
    expect(made).toEqual([...Array.from({ length: 9 }, () => 1_000), 900]);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') {
        expect(attempt.reason).toBeInstanceOf(AppError);
        expect((attempt.reason as AppError).code).toBe('quota_exceeded');
      }
    }
  });

  it('gives the reservation back when the engine fails, counting nothing', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const conversation = (
      await send(person, { method: 'POST', url: '/api/assistant/conversations', payload: {} })
    ).json<Conversation>();
    const failing = held.engine.answer;
    held.engine.answer = async () => {
      throw new Error('engine down');
    };
    try {
      const answer = await send(person, {
        method: 'POST',
        url: `/api/assistant/conversations/${conversation.id}/messages`,
        payload: { content: 'hello' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.code).toBe('assistant_unavailable');
    } finally {
      held.engine.answer = failing;
    }
    const usage = (await send(person, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    expect(usage.daily.usedTokens).toBe(0);
  });

  describe('guests', () => {
    const ask = (options: { address: string; device?: string; content?: string }) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/assistant/guest/messages',
        payload: { content: options.content ?? 'How do I use this app?', language: 'en' },
        remoteAddress: options.address,
        ...(options.device ? { cookies: { [GUEST_DEVICE_COOKIE]: options.device } } : {}),
      });
    const deviceOf = (answer: LightMyRequestResponse) =>
      answer.cookies.find((cookie) => cookie.name === GUEST_DEVICE_COOKIE);

    it('helps a signed-out visitor with how to use the app, and never with anyone’s figures', async () => {
      const address = uniqueIp();
      const first = await ask({ address });
      expect(first.statusCode, first.body).toBe(200);
      const cookie = deviceOf(first);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/assistant/guest' });
      const help = first.json<GuestMessageResponse>();
      expect(help.answer.content).toContain('Skiner');
      expect(help.usage.role).toBe('guest');
      expect(help.usage.daily).toEqual({
        usedTokens: tokens.count('How do I use this app?') + help.answer.tokens,
        limitTokens: ROLE_PLANS.guest.dailyTokens,
      });
      const balance = await ask({ address, device: cookie!.value, content: 'What is my balance?' });
      expect(balance.statusCode).toBe(200);
      expect(balance.json<GuestMessageResponse>().answer.content).toMatch(
        /^Sign in to ask about your own money/,
      );
      // The same device keeps its cookie.
      expect(deviceOf(balance)).toBeUndefined();
      const usage = await testApp.app.inject({
        method: 'GET',
        url: '/api/assistant/guest/usage',
        remoteAddress: address,
        cookies: { [GUEST_DEVICE_COOKIE]: cookie!.value },
      });
      expect(usage.json<AssistantUsage>().daily.usedTokens).toBe(
        help.usage.daily.usedTokens +
          tokens.count('What is my balance?') +
          balance.json<GuestMessageResponse>().answer.tokens,
      );
    });

    /** Asks from one device and address until the guest quota refuses; returns the device. */
    const useUp = async (address: string, device?: string) => {
      let cookie = device;
      for (let asked = 0; asked < 25; asked++) {
        const answer = await ask({ address, device: cookie });
        cookie ??= deviceOf(answer)?.value;
        if (answer.statusCode === 429) {
          expect(answer.json().error).toMatchObject({
            code: 'quota_exceeded',
            details: { quota: 'daily' },
          });
          return cookie!;
        }
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<GuestMessageResponse>().usage.daily.usedTokens).toBeLessThanOrEqual(
          ROLE_PLANS.guest.dailyTokens,
        );
      }
      throw new Error('the guest quota never refused');
    };

    it('counts the guest quota per device: another address does not start it over', async () => {
      const device = await useUp(uniqueIp());
      const elsewhere = await ask({ address: uniqueIp(), device });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json().error.code).toBe('quota_exceeded');
      // A new device at a new address is a new guest.
      expect((await ask({ address: uniqueIp() })).statusCode).toBe(200);
    });

    it('counts the guest quota per address: clearing cookies does not start it over', async () => {
      const address = uniqueIp();
      await useUp(address);
      const withoutCookie = await ask({ address });
      expect(withoutCookie.statusCode).toBe(429);
      expect(withoutCookie.json().error).toMatchObject({
        code: 'quota_exceeded',
        details: { quota: 'daily' },
      });
      // Nor does an address share its count with another: a new address is a new guest.
      expect((await ask({ address: uniqueIp() })).statusCode).toBe(200);
    });

    it('slows down one address asking too fast', async () => {
      const address = uniqueIp();
      let last: LightMyRequestResponse | null = null;
      for (let asked = 0; asked <= GUEST_RATE.max; asked++) last = await ask({ address, content: 'hi' });
      expect(last!.statusCode).toBe(429);
      expect(last!.json().error.code).toBe('rate_limited');
    });
  });
});
