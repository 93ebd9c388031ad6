import type { PreparedAction } from '@ztart/shared/contracts/assistant';
import { DEFAULT_CATEGORY_KEYS, type DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import type { Language } from '@ztart/shared/languages';
import { CURRENCIES, isCurrency } from '@ztart/shared/money';
import type { AssistantProviderConfig } from '../../config.ts';
import {
  type AssistantEngine,
  type AssistantTools,
  type EngineAnswer,
  EngineFailure,
  type EngineRequest,
  SPENDING_PERIODS,
} from './engine.ts';
import type { TokenCounter } from './tokens.ts';

/** At most this many rounds of tool calls before the model must answer. */
const MAX_TOOL_ROUNDS = 4;
/** How long one request to the provider may take. */
const REQUEST_TIMEOUT_MS = 60_000;

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
};

function systemPrompt(language: Language, signedIn: boolean): string {
  if (!signedIn) {
    return [
      'You are Skiner, the help assistant of the Ztart Tips app (a wallet for money in several currencies,',
      'transfers, tips and QR codes, contacts, budgets, savings goals, investments, analytics and invoices).',
      `Answer in ${LANGUAGE_NAMES[language]}, briefly. The person is not signed in: explain how to use the app,`,
      'and for anything about their own money tell them to sign in. You have no access to anyone’s data.',
    ].join(' ');
  }
  return [
    'You are Skiner, the financial assistant of the Ztart Tips app.',
    `Answer in ${LANGUAGE_NAMES[language]}, briefly, using only figures the tools return.`,
    'Amounts from tools are integer minor units (cents) with their currency: write them as money.',
    'You never move money. To help with a transfer, call prepare_transfer: the person confirms it on the transfer screen.',
  ].join(' ');
}

const periodProperty = {
  type: 'string',
  enum: [...SPENDING_PERIODS],
  description: 'thisMonth (default) or lastMonth',
};

/** The tools, as OpenAI function definitions. */
const TOOL_DEFINITIONS = [
  {
    name: 'get_balances',
    description: "The person's wallet balances per currency",
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'get_spending',
    description: 'What the person spent in a period, in all and in one category',
    parameters: {
      type: 'object',
      properties: { category: { type: 'string', enum: [...DEFAULT_CATEGORY_KEYS] }, period: periodProperty },
    },
  },
  {
    name: 'get_budgets',
    description: "This month's budgets with what was spent",
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'get_goals',
    description: 'Savings goals and their progress',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'get_tips_received',
    description: 'Tips received in a period',
    parameters: { type: 'object', properties: { period: periodProperty } },
  },
  {
    name: 'get_recent_transactions',
    description: 'The latest transactions',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'get_contacts',
    description: "The person's contacts",
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'prepare_transfer',
    description:
      'Prepares a transfer for the person to check and confirm on the transfer screen (moves no money)',
    parameters: {
      type: 'object',
      properties: {
        recipient: { type: 'string', description: 'ztartag without @' },
        amount_minor: { type: 'integer', minimum: 1 },
        currency: { type: 'string', enum: [...CURRENCIES] },
      },
    },
  },
].map((fn) => ({ type: 'function' as const, function: fn }));

type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** Runs one tool call; what it answers goes back to the model as JSON. */
async function runTool(
  call: ToolCall,
  tools: AssistantTools,
  prepared: { action: PreparedAction | null },
): Promise<unknown> {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || '{}');
    if (parsed && typeof parsed === 'object') args = parsed as Record<string, unknown>;
  } catch {
    return { error: 'arguments are not valid JSON' };
  }
  const period = SPENDING_PERIODS.find((value) => value === args.period) ?? 'thisMonth';
  switch (call.function.name) {
    case 'get_balances':
      return tools.balances();
    case 'get_spending': {
      const category = DEFAULT_CATEGORY_KEYS.find((key) => key === args.category) ?? null;
      return tools.spending({ category: category as DefaultCategoryKey | null, period });
    }
    case 'get_budgets':
      return tools.budgets();
    case 'get_goals':
      return tools.goals();
    case 'get_tips_received':
      return tools.tips({ period });
    case 'get_recent_transactions':
      return tools.recentTransactions();
    case 'get_contacts':
      return (await tools.contacts()).map((contact) => ({
        nickname: contact.nickname,
        ztartag: contact.ztartag,
      }));
    case 'prepare_transfer': {
      const amount = args.amount_minor;
      const recipient =
        typeof args.recipient === 'string' ? args.recipient.replace(/^@/, '').toLowerCase() : null;
      prepared.action = {
        type: 'transfer',
        recipient: recipient && /^[a-z0-9_]{3,20}$/.test(recipient) ? recipient : null,
        amountMinor: Number.isSafeInteger(amount) && (amount as number) > 0 ? (amount as number) : null,
        currency: isCurrency(args.currency) ? args.currency : await tools.mainCurrency(),
      };
      return { prepared: true, note: 'The person confirms it on the transfer screen.' };
    }
    default:
      return { error: `unknown tool ${call.function.name}` };
  }
}

interface Round {
  content: string;
  toolCalls: ToolCall[];
  usage: { prompt_tokens: number; completion_tokens: number } | null;
  /** Whether the provider said the round was over (a finish reason or `[DONE]`). */
  finished: boolean;
}

/**
 * Reads one streamed chat completion: text deltas as they come, tool calls pieced together, the
 * usage chunk. A stream that breaks or ends before the provider says it is over still returns
 * what came, unfinished, so that what was consumed can be counted.
 */
async function readRound(response: Response, onDelta?: (text: string) => void): Promise<Round> {
  const round: Round = { content: '', toolCalls: [], usage: null, finished: false };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '') return;
    if (data === '[DONE]') {
      round.finished = true;
      return;
    }
    const chunk = JSON.parse(data) as {
      choices?: {
        delta?: {
          content?: string | null;
          tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
        };
        finish_reason?: string | null;
      }[];
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
    };
    if (chunk.usage) round.usage = chunk.usage;
    if (chunk.choices?.[0]?.finish_reason) round.finished = true;
    const delta = chunk.choices?.[0]?.delta;
    if (delta?.content) {
      round.content += delta.content;
      onDelta?.(delta.content);
    }
    for (const piece of delta?.tool_calls ?? []) {
      let call = round.toolCalls[piece.index];
      if (!call) {
        call = { id: '', type: 'function', function: { name: '', arguments: '' } };
        round.toolCalls[piece.index] = call;
      }
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.function.name += piece.function.name;
      if (piece.function?.arguments) call.function.arguments += piece.function.arguments;
    }
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        handle(buffer.slice(0, end).trim());
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
      }
    }
    handle(buffer.trim());
  } catch {
    // The connection broke (or a chunk was cut): the round is unfinished.
    round.finished = false;
  }
  round.toolCalls = round.toolCalls.filter(Boolean);
  return round;
}

/**
 * The OpenAI-compatible chat-completions adapter: hosted providers and local servers (Ollama,
 * vLLM, llama.cpp's server). Answers stream from the provider; the model calls the same tools
 * as the built-in engine. Each round asks for at most the answer tokens the quota reservation left
 * (`max_tokens`). The tokens are those the provider reports in its usage field; a round without
 * one (a stream cut midway, a server that leaves it out) is counted with the tokenizer: what was
 * sent as input, what came back as output. A failure after tokens were consumed is an
 * `EngineFailure` carrying them, so they still count against the quotas.
 */
export function createOpenAiEngine(
  provider: AssistantProviderConfig,
  tokenCounter: TokenCounter,
  fetchImpl: typeof fetch = fetch,
): AssistantEngine {
  return {
    async answer({
      language,
      content,
      history,
      model,
      tools,
      maxOutputTokens,
      onDelta,
    }: EngineRequest): Promise<EngineAnswer> {
      const messages: ChatMessage[] = [
        { role: 'system', content: systemPrompt(language, tools !== null) },
        ...history.map((message) => ({ role: message.role, content: message.content }) as ChatMessage),
        { role: 'user', content },
      ];
      const prepared: { action: PreparedAction | null } = { action: null };
      const used = { inputTokens: 0, outputTokens: 0 };
      const fail = (message: string, cause?: unknown): never => {
        throw used.inputTokens + used.outputTokens > 0
          ? new EngineFailure(message, { ...used }, { cause })
          : new Error(message, { cause });
      };
      let text = '';
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const budget = maxOutputTokens - used.outputTokens;
        if (budget <= 0) break;
        // The last round may not call tools: it must answer. Guests get no tools at all.
        const offered = tools !== null && round < MAX_TOOL_ROUNDS ? { tools: TOOL_DEFINITIONS } : {};
        const body = {
          model: model === 'premium' ? provider.premiumModel : provider.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: budget,
          ...offered,
        };
        let response: Response;
        try {
          response = await fetchImpl(`${provider.baseUrl}/chat/completions`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}),
            },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        } catch (error) {
          return fail('assistant provider unreachable', error);
        }
        if (!response.ok || !response.body) return fail(`assistant provider answered ${response.status}`);
        const result = await readRound(response, onDelta);
        const sent = JSON.stringify({ messages, ...offered });
        const received =
          result.content +
          result.toolCalls.map((call) => call.function.name + call.function.arguments).join('');
        used.inputTokens += result.usage?.prompt_tokens ?? tokenCounter.count(sent);
        used.outputTokens += result.usage?.completion_tokens ?? tokenCounter.count(received);
        if (!result.finished) return fail('assistant provider stream was cut');
        text += result.content;
        if (result.toolCalls.length === 0 || tools === null) break;
        messages.push({ role: 'assistant', content: result.content || null, tool_calls: result.toolCalls });
        for (const call of result.toolCalls) {
          let answer: unknown;
          try {
            answer = await runTool(call, tools, prepared);
          } catch (error) {
            // The provider's tokens of the rounds so far were spent: the failure carries them.
            return fail('assistant tool failed', error);
          }
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(answer) });
        }
      }
      if (text.trim() === '') return fail('assistant provider gave no answer');
      return { text, action: prepared.action, usage: used };
    },
  };
}
