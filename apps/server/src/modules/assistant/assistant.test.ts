import { randomUUID } from 'node:crypto';
import type { Analytics } from '@ztart/shared/contracts/analytics';
import type {
  AssistantMessage,
  AssistantUsage,
  Conversation,
  SendMessageResponse,
} from '@ztart/shared/contracts/assistant';
import type { Language } from '@ztart/shared/languages';
import { formatMoney } from '@ztart/shared/money';
import { ROLE_PLANS, type StoredRole } from '@ztart/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signIn, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { fund, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { userRoles } from '../profiles/tables.ts';
import { recordTransaction } from '../transactions/record.ts';
import { transactionCategories, transactions } from '../transactions/tables.ts';
import { assistantConversations, assistantUsage } from './tables.ts';

describe('assistant', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-20T12:00:00.000Z'));
  /** Moves the test clock to a moment (forward or back). */
  const setClock = (at: Date) => clock.advance({ seconds: (at.getTime() - clock.now().getTime()) / 1000 });
  /** Moves the clock days ahead, where the person's session has ended: they sign in again. */
  const later = async (person: SignedInPerson, at: Date) => {
    setClock(at);
    return signIn(testApp.app, person);
  };
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const newConversation = async (person: SignedInPerson, title?: string) => {
    const answer = await send(person, {
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: title ? { title } : {},
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Conversation>();
  };
  const ask = (
    person: SignedInPerson,
    conversationId: string,
    payload: { content: string; language?: Language; model?: string },
    headers: Record<string, string> = {},
  ) =>
    send(person, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversationId}/messages`,
      payload,
      headers,
    });
  const asked = async (...args: Parameters<typeof ask>) => {
    const answer = await ask(...args);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<SendMessageResponse>();
  };
  const usage = async (person: SignedInPerson) =>
    (await send(person, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
  const withRole = async (role: StoredRole) => {
    const person = await signUpAndSignIn(testApp.app);
    if (role !== 'user') await testApp.database.db.insert(userRoles).values({ userId: person.userId, role });
    return person;
  };
  /** Uses up tokens as if earlier requests had, at a given moment. */
  const used = (
    person: SignedInPerson,
    tokens: number,
    at: Date,
    model: 'standard' | 'premium' = 'standard',
  ) =>
    testApp.database.db.insert(assistantUsage).values({
      subject: person.userId,
      model,
      inputTokens: tokens,
      outputTokens: 0,
      costMillicents: tokens * (model === 'premium' ? 5 : 1),
      createdAt: at,
    });

  it('says what was spent on food this month in each language, the figure /api/analytics gives', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const spend = async (amountMinor: number, categoryKey: string | null, at: Date) => {
      const row = await recordTransaction(testApp.database.db, {
        userId: person.userId,
        type: 'expense',
        kind: 'withdrawal',
        status: 'completed',
        amountMinor,
        currency: 'USD',
        description: 'Spent',
        groupId: randomUUID(),
        createdAt: at,
      });
      if (categoryKey) {
        const [category] = await testApp.database.db
          .select()
          .from(transactionCategories)
          .where(
            and(eq(transactionCategories.userId, person.userId), eq(transactionCategories.key, categoryKey)),
          );
        await testApp.database.db
          .update(transactions)
          .set({ categoryId: category!.id })
          .where(eq(transactions.id, row.id));
      }
    };
    await spend(12_34, 'food', new Date('2026-05-03T10:00:00Z'));
    await spend(7_01, 'food', new Date('2026-05-19T10:00:00Z'));
    await spend(50_00, 'food', new Date('2026-04-28T10:00:00Z'));
    await spend(20_00, 'transport', new Date('2026-05-05T10:00:00Z'));

    const analytics = (await send(person, { method: 'GET', url: '/api/analytics' })).json<Analytics>();
    const food = analytics.byCategory.find((item) => item.key === 'food')!.amountMinor;
    expect(food).toBe(19_35);

    const conversation = await newConversation(person);
    const questions: Record<Language, string> = {
      en: 'How much did I spend on food this month?',
      es: '¿Cuánto gasté en comida este mes?',
      fr: 'Combien ai-je dépensé en nourriture ce mois-ci ?',
      pt: 'Quanto gastei com comida este mês?',
    };
    for (const [language, content] of Object.entries(questions) as [Language, string][]) {
      const { answer } = await asked(person, conversation.id, { content, language });
      expect(answer.content, language).toContain(formatMoney(food, 'USD', language));
      expect(answer.content, language).toContain(formatMoney(analytics.totals.expenseMinor, 'USD', language));
    }
  });

  it('keeps conversations: named by the first question, listed, renamed, deleted, each person their own', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    await fund(testApp.database.db, person.userId, 42_50);
    const conversation = await newConversation(person);
    const { question, answer } = await asked(person, conversation.id, {
      content: 'What is my balance?',
      language: 'en',
    });
    expect(question).toMatchObject({ role: 'user', content: 'What is my balance?' });
    expect(answer.content).toContain('$42.50');
    expect(answer.tokens).toBeGreaterThan(0);

    const listed = (await send(person, { method: 'GET', url: '/api/assistant/conversations' })).json<{
      items: Conversation[];
    }>();
    expect(listed.items.map((item) => [item.id, item.title])).toEqual([
      [conversation.id, 'What is my balance?'],
    ]);
    const messages = (
      await send(person, { method: 'GET', url: `/api/assistant/conversations/${conversation.id}/messages` })
    ).json<{ items: AssistantMessage[] }>();
    expect(messages.items.map((item) => item.role)).toEqual(['user', 'assistant']);

    expect(
      (await send(other, { method: 'GET', url: `/api/assistant/conversations/${conversation.id}/messages` }))
        .statusCode,
    ).toBe(404);
    expect((await ask(other, conversation.id, { content: 'hello' })).statusCode).toBe(404);
    const renamed = await send(person, {
      method: 'PATCH',
      url: `/api/assistant/conversations/${conversation.id}`,
      payload: { title: 'Money' },
    });
    expect(renamed.json<Conversation>().title).toBe('Money');
    expect(
      (
        await send(person, {
          method: 'PATCH',
          url: `/api/assistant/conversations/${conversation.id}`,
          payload: { title: '' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await send(other, { method: 'DELETE', url: `/api/assistant/conversations/${conversation.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(person, { method: 'DELETE', url: `/api/assistant/conversations/${conversation.id}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await send(person, { method: 'GET', url: `/api/assistant/conversations/${conversation.id}/messages` }))
        .statusCode,
    ).toBe(404);
  });

  it("deleting the account deletes the person's conversations", async () => {
    const person = await signUpAndSignIn(testApp.app);
    const conversation = await newConversation(person, 'Plans');
    await asked(person, conversation.id, { content: 'hello' });
    const deleted = await send(person, {
      method: 'DELETE',
      url: '/api/profiles/me',
      payload: { confirmation: 'DELETE', password: person.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await testApp.database.db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.userId, person.userId));
    expect(left).toEqual([]);
  });

  it('prepares a transfer for the person to confirm, and moves no money', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await fund(testApp.database.db, person.userId, 100_00);
    const conversation = await newConversation(person);
    const { answer } = await asked(person, conversation.id, {
      content: 'Send 25 dollars to @leo_guitar',
      language: 'en',
    });
    expect(answer.action).toEqual({
      type: 'transfer',
      recipient: 'leo_guitar',
      amountMinor: 25_00,
      currency: 'USD',
    });
    const { answer: inSpanish } = await asked(person, conversation.id, {
      content: 'Envía 10,50 a maria_2',
      language: 'es',
    });
    expect(inSpanish.action).toEqual({
      type: 'transfer',
      recipient: 'maria_2',
      amountMinor: 10_50,
      currency: 'USD',
    });
    const wallet = (await send(person, { method: 'GET', url: '/api/wallet' })).json<{
      balances: { currency: string; availableMinor: number }[];
    }>();
    expect(wallet.balances.find((balance) => balance.currency === 'USD')!.availableMinor).toBe(100_00);
  });

  describe('quotas per role', () => {
    const roles: StoredRole[] = ['admin', 'expert', 'pro', 'user'];
    for (const role of roles) {
      it(`${role}: refuses the request that crosses the daily cap, then the monthly cap, and resets at their boundaries`, async () => {
        setClock(new Date('2026-06-15T10:00:00.000Z'));
        const plan = ROLE_PLANS[role];
        let person = await withRole(role);
        const conversation = await newConversation(person);
        const content = 'What is my balance?';

        // Daily: a few tokens short of the cap, the question would cross it.
        await used(person, plan.dailyTokens - 2, new Date('2026-06-15T01:00:00.000Z'));
        const refused = await ask(person, conversation.id, { content });
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.json().error).toMatchObject({
          code: 'quota_exceeded',
          details: { quota: 'daily', resetsAt: '2026-06-16T00:00:00.000Z' },
        });
        expect((await usage(person)).daily).toEqual({
          usedTokens: plan.dailyTokens - 2,
          limitTokens: plan.dailyTokens,
        });

        // The next UTC day the daily quota is whole again.
        person = await later(person, new Date('2026-06-16T00:00:00.000Z'));
        await asked(person, conversation.id, { content });

        // Monthly: earlier days of the month used it up to a few tokens.
        const usedThisMonth = (await usage(person)).monthly.usedTokens;
        await used(person, plan.monthlyTokens - usedThisMonth - 2, new Date('2026-06-02T00:00:00.000Z'));
        person = await later(person, new Date('2026-06-17T09:00:00.000Z'));
        const monthly = await ask(person, conversation.id, { content });
        expect(monthly.statusCode, monthly.body).toBe(429);
        expect(monthly.json().error.details).toEqual({
          quota: 'monthly',
          resetsAt: '2026-07-01T00:00:00.000Z',
        });

        // A new UTC month starts afresh.
        person = await later(person, new Date('2026-07-01T00:00:00.000Z'));
        await asked(person, conversation.id, { content });
        expect((await usage(person)).monthly.usedTokens).toBeLessThan(100);
      });
    }

    it('refuses the request that crosses the cost cap before the token cap (premium model)', async () => {
      setClock(new Date('2026-06-15T10:00:00.000Z'));
      let pro = await withRole('pro');
      const conversation = await newConversation(pro);
      const plan = ROLE_PLANS.pro;
      // 5 cents per 1,000 tokens: the 100-cent cap is 20,000 tokens, far under the 100,000-token cap.
      await used(pro, plan.costPerDay * 200 - 2, new Date('2026-06-15T09:00:00.000Z'), 'premium');
      expect((await usage(pro)).costTodayCents).toBe(plan.costPerDay);
      const refused = await ask(pro, conversation.id, { content: 'What is my balance?', model: 'premium' });
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error.details).toEqual({ quota: 'cost', resetsAt: '2026-06-16T00:00:00.000Z' });
      pro = await later(pro, new Date('2026-06-16T00:00:00.000Z'));
      await asked(pro, conversation.id, { content: 'What is my balance?', model: 'premium' });
    });

    it('offers premium models only to roles with the capability', async () => {
      const user = await withRole('user');
      const conversation = await newConversation(user);
      expect((await usage(user)).models).toEqual(['standard']);
      expect((await ask(user, conversation.id, { content: 'hello', model: 'premium' })).statusCode).toBe(403);
    });

    it('records the tokens of each request with the tokenizer and counts them against the day', async () => {
      setClock(new Date('2026-06-20T10:00:00.000Z'));
      const user = await withRole('user');
      const conversation = await newConversation(user);
      const { question, answer, usage: after } = await asked(user, conversation.id, { content: 'hello' });
      expect(question.tokens).toBe(1);
      expect(after.daily.usedTokens).toBe(question.tokens + answer.tokens);
      expect(after.costTodayCents).toBe(1);
    });
  });

  it('streams the answer to a pro and sends it whole to a user', async () => {
    const headers = { accept: 'text/event-stream' };
    const pro = await withRole('pro');
    const streamed = await ask(
      pro,
      (await newConversation(pro)).id,
      { content: 'hello', language: 'en' },
      headers,
    );
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    const events = streamed.body.split('\n\n').filter(Boolean);
    expect(events.filter((event) => event.startsWith('event: delta')).length).toBeGreaterThan(1);
    const done = events.find((event) => event.startsWith('event: done'))!;
    const whole = JSON.parse(done.split('\ndata: ')[1]!) as SendMessageResponse;
    const deltas = events
      .filter((event) => event.startsWith('event: delta'))
      .map((event) => (JSON.parse(event.split('\ndata: ')[1]!) as { text: string }).text)
      .join('');
    expect(deltas).toBe(whole.answer.content);

    const user = await withRole('user');
    const plain = await ask(
      user,
      (await newConversation(user)).id,
      { content: 'hello', language: 'en' },
      headers,
    );
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.json<SendMessageResponse>().answer.content).toContain('Skiner');
  });

  it('refuses a quota before opening a stream', async () => {
    setClock(new Date('2026-06-21T10:00:00.000Z'));
    const pro = await withRole('pro');
    await used(pro, ROLE_PLANS.pro.dailyTokens, new Date('2026-06-21T09:00:00.000Z'));
    const refused = await ask(
      pro,
      (await newConversation(pro)).id,
      { content: 'hello' },
      { accept: 'text/event-stream' },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('quota_exceeded');
  });
});
