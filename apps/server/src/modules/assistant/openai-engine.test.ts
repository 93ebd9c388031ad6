import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssistantUsage, Conversation, SendMessageResponse } from '@ztart/shared/contracts/assistant';
import { ROLE_PLANS } from '@ztart/shared/roles';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { fund, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { userRoles } from '../profiles/tables.ts';
import { assistantUsage } from './tables.ts';
import { createTokenCounter } from './tokens.ts';

interface ChatRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  max_tokens?: number;
}

/**
 * A tiny OpenAI-compatible server on the loopback address: it asks for one tool by name (taken
 * from the question), then answers with what the tool returned, streamed in pieces, with usage.
 */
function startProvider() {
  const requests: { body: ChatRequest; authorization: string | undefined }[] = [];
  let failNext = false;
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as ChatRequest;
    requests.push({ body, authorization: request.headers.authorization });
    if (failNext || request.url !== '/v1/chat/completions') {
      failNext = false;
      response.writeHead(500).end('{"error":"down"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const toolAnswer = body.messages.find((message) => message.role === 'tool');
    if (!toolAnswer) {
      const question = body.messages.at(-1)?.content ?? '';
      const tool = question.includes('send') ? 'prepare_transfer' : 'get_balances';
      const args = tool === 'prepare_transfer' ? '{"recipient":"@leo_guitar","amount_minor":1234}' : '{}';
      send({
        choices: [
          { delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: tool, arguments: '' } }] } },
        ],
      });
      send({
        choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(0, 5) } }] } }],
      });
      send({
        choices: [
          {
            delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(5) } }] },
            finish_reason: 'tool_calls',
          },
        ],
      });
      send({ choices: [], usage: { prompt_tokens: 80, completion_tokens: 5 } });
    } else {
      const result = JSON.parse(toolAnswer.content ?? 'null') as
        | { currency: string; availableMinor: number }[]
        | { prepared: boolean };
      const words = Array.isArray(result)
        ? [
            'Your ',
            'balance ',
            `is ${result.find((balance) => balance.currency === 'USD')?.availableMinor} `,
            'cents.',
          ]
        : ['I ', 'prepared ', 'it.'];
      if (body.messages.some((message) => message.role === 'user' && message.content?.includes('cut'))) {
        // The connection breaks midway: two pieces of text, no usage, no end.
        send({ choices: [{ delta: { content: words[0] } }] });
        send({ choices: [{ delta: { content: words[1] } }] });
        // Once the pieces are on their way, so the client has read them when the line breaks.
        setTimeout(() => response.destroy(), 100);
        return;
      }
      for (const word of words) send({ choices: [{ delta: { content: word } }] });
      send({ choices: [{ delta: {}, finish_reason: 'stop' }] });
      send({ choices: [], usage: { prompt_tokens: 120, completion_tokens: 9 } });
    }
    response.end('data: [DONE]\n\n');
  });
  return {
    server,
    requests,
    failOnce: () => {
      failNext = true;
    },
  };
}

describe('OpenAI-compatible adapter', () => {
  const provider = startProvider();
  const tokens = createTokenCounter();
  let testApp: TestApp;
  beforeAll(async () => {
    provider.server.listen(0, '127.0.0.1');
    await once(provider.server, 'listening');
    const { port } = provider.server.address() as AddressInfo;
    testApp = await buildTestApp({
      rateLimits: ROOMY_RATE_LIMITS,
      config: {
        assistantProvider: {
          baseUrl: `http://127.0.0.1:${port}/v1`,
          apiKey: 'test-key',
          model: 'tiny',
          premiumModel: 'tiny-premium',
        },
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    provider.server.close();
  });

  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const conversationOf = async (person: SignedInPerson) =>
    (
      await send(person, { method: 'POST', url: '/api/assistant/conversations', payload: {} })
    ).json<Conversation>();

  it('streams an answer that called a tool, and records the tokens the provider reported', async () => {
    const pro = await signUpAndSignIn(testApp.app);
    await testApp.database.db.insert(userRoles).values({ userId: pro.userId, role: 'pro' });
    await fund(testApp.database.db, pro.userId, 42_50);
    const conversation = await conversationOf(pro);
    const before = provider.requests.length;
    const answer = await send(pro, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversation.id}/messages`,
      payload: { content: 'What is my balance?', model: 'premium' },
      headers: { accept: 'text/event-stream' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/event-stream');
    const events = answer.body.split('\n\n').filter(Boolean);
    const deltas = events
      .filter((event) => event.startsWith('event: delta'))
      .map((event) => (JSON.parse(event.split('\ndata: ')[1]!) as { text: string }).text);
    expect(deltas).toEqual(['Your ', 'balance ', 'is 4250 ', 'cents.']);
    const done = JSON.parse(
      events.find((event) => event.startsWith('event: done'))!.split('\ndata: ')[1]!,
    ) as SendMessageResponse;
    expect(done.answer.content).toBe('Your balance is 4250 cents.');
    expect(done.answer.tokens).toBe(5 + 9);

    const calls = provider.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.authorization).toBe('Bearer test-key');
    expect(calls[0]!.body).toMatchObject({ model: 'tiny-premium', stream: true });
    expect(calls[0]!.body.tools?.map((tool) => tool.function.name)).toContain('get_balances');
    expect(calls[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'What is my balance?' });
    expect(calls[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });

    const usage = (await send(pro, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    expect(usage.daily.usedTokens).toBe(80 + 5 + 120 + 9);
    // Premium: 5 cents per 1,000 tokens → 214 tokens cost 1.07 cents, shown rounded up.
    expect(usage.costTodayCents).toBe(2);
  });

  it('prepares a transfer through the tool, moving nothing, and answers a user whole', async () => {
    const user = await signUpAndSignIn(testApp.app);
    const conversation = await conversationOf(user);
    const answer = await send(user, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversation.id}/messages`,
      payload: { content: 'please send 12.34 to leo' },
      headers: { accept: 'text/event-stream' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.json<SendMessageResponse>().answer).toMatchObject({
      content: 'I prepared it.',
      action: { type: 'transfer', recipient: 'leo_guitar', amountMinor: 12_34, currency: 'USD' },
    });
  });

  it("answers the spec's technical-problem error when the provider fails, counting nothing", async () => {
    const user = await signUpAndSignIn(testApp.app);
    const conversation = await conversationOf(user);
    provider.failOnce();
    const answer = await send(user, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversation.id}/messages`,
      payload: { content: 'What is my balance?' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.code).toBe('assistant_unavailable');
    expect(answer.body).not.toContain('provider');
    const usage = (await send(user, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    expect(usage.daily.usedTokens).toBe(0);
  });

  it('asks for at most the answer tokens left under the quota', async () => {
    const user = await signUpAndSignIn(testApp.app);
    const plan = ROLE_PLANS.user;
    await testApp.database.db.insert(assistantUsage).values({
      subject: user.userId,
      model: 'standard',
      inputTokens: plan.dailyTokens - 500,
      outputTokens: 0,
      costMillicents: plan.dailyTokens - 500,
    });
    const conversation = await conversationOf(user);
    const before = provider.requests.length;
    const content = 'What is my balance?';
    const answer = await send(user, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversation.id}/messages`,
      payload: { content },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const calls = provider.requests.slice(before);
    const budget = 500 - tokens.count(content);
    // The second round asks for what the first (5 tokens out) left of the budget.
    expect(calls.map((call) => call.body.max_tokens)).toEqual([budget, budget - 5]);
    const usage = (await send(user, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    expect(usage.daily.usedTokens).toBe(plan.dailyTokens - 500 + 80 + 5 + 120 + 9);
  });

  it('counts what a stream cut midway consumed: reported usage, then the tokenizer for the cut round', async () => {
    const user = await signUpAndSignIn(testApp.app);
    const conversation = await conversationOf(user);
    const before = provider.requests.length;
    const answer = await send(user, {
      method: 'POST',
      url: `/api/assistant/conversations/${conversation.id}/messages`,
      payload: { content: 'my balance, before the line is cut' },
    });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json().error.code).toBe('assistant_unavailable');
    const calls = provider.requests.slice(before);
    expect(calls).toHaveLength(2);
    const cutRound = calls[1]!.body;
    const sent = tokens.count(JSON.stringify({ messages: cutRound.messages, tools: cutRound.tools }));
    const usage = (await send(user, { method: 'GET', url: '/api/assistant/usage' })).json<AssistantUsage>();
    // Round one reported 80 in and 5 out; the cut round is counted: what was sent, and "Your balance ".
    expect(usage.daily.usedTokens).toBe(80 + 5 + sent + tokens.count('Your balance '));
    expect(usage.daily.usedTokens).toBeGreaterThan(80 + 5 + 2);
  });
});
