import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { type Capability, ROLE_PLANS, type Role } from '../roles.ts';
import { safeText } from '../safe-text.ts';
import { currencySchema } from './wallet.ts';

/**
 * Skiner, the assistant (issue 19, decision 0044). Conversations are kept per person; each
 * answer is grounded in the person's own figures through tools the server runs. The per-role
 * token and cost quotas are ROLE_PLANS (roles.ts, spec §6); the model prices are below.
 */

/** Models the assistant offers. Prices are US cents per 1,000 tokens (ARCHITECTURE.md §8). */
export const ASSISTANT_MODELS = {
  standard: { centsPer1000Tokens: 1, premium: false },
  premium: { centsPer1000Tokens: 5, premium: true },
} as const;
export type AssistantModel = keyof typeof ASSISTANT_MODELS;
export const ASSISTANT_MODEL_NAMES = Object.keys(ASSISTANT_MODELS) as AssistantModel[];

/** Longest question and title the assistant takes; conversations and their messages kept per person. */
export const ASSISTANT_LIMITS = {
  messageMax: 1000,
  titleMax: 100,
  conversationsListed: 100,
  messagesListed: 200,
  /** Earlier messages an engine is given as context. */
  historyMessages: 10,
  /**
   * Tokens reserved for an answer before the engine runs (decision 0049): as many as are left
   * under every quota, up to `answerTokensMax`; a request that cannot reserve `answerTokensMin`
   * after its question is refused. The OpenAI-compatible adapter passes the reservation as
   * `max_tokens`.
   */
  answerTokensMin: 100,
  answerTokensMax: 1_000,
} as const;

/** Whether a role may use a model: premium models need the premiumModels capability. */
export function mayUseModel(role: Role, model: AssistantModel): boolean {
  const needed: Capability | null = ASSISTANT_MODELS[model].premium ? 'premiumModels' : null;
  return needed === null || ROLE_PLANS[role].capabilities.includes(needed);
}

/**
 * The cost of some tokens in thousandths of a cent (integer, so nothing is rounded until shown):
 * tokens × cents per 1,000 tokens.
 */
export function costMillicentsOf(tokens: number, model: AssistantModel): number {
  return tokens * ASSISTANT_MODELS[model].centsPer1000Tokens;
}

export const conversationParamsSchema = z.object({ id: z.uuid() });

const titleSchema = safeText()
  .min(1, 'validation.required')
  .max(ASSISTANT_LIMITS.titleMax, 'validation.tooLong');

export const conversationSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AssistantConversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponseSchema = z.object({ items: z.array(conversationSchema) });
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/** `POST /api/assistant/conversations` → 201; without a title, the first question names it. */
export const createConversationRequestSchema = z
  .object({ title: titleSchema.optional() })
  .meta({ id: 'CreateConversationRequest' });
export type CreateConversationRequest = z.infer<typeof createConversationRequestSchema>;

/** `PATCH /api/assistant/conversations/{id}` → the conversation renamed. */
export const updateConversationRequestSchema = z
  .object({ title: titleSchema })
  .meta({ id: 'UpdateConversationRequest' });
export type UpdateConversationRequest = z.infer<typeof updateConversationRequestSchema>;

/**
 * Something the assistant prepared for the person to confirm on the normal screen: it never
 * moves money itself. A transfer opens `/payments` with the recipient and amount filled in.
 */
export const preparedActionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('transfer'),
      recipient: z.string().nullable(),
      amountMinor: z.number().int().positive().nullable(),
      currency: currencySchema,
    }),
    z.object({ type: z.literal('budget'), href: z.string() }),
    z.object({ type: z.literal('tip'), href: z.string() }),
  ])
  .meta({ id: 'AssistantPreparedAction' });
export type PreparedAction = z.infer<typeof preparedActionSchema>;

/** Where the web app opens a prepared action. */
export function preparedActionHref(action: PreparedAction): string {
  if (action.type !== 'transfer') return action.href;
  const params = new URLSearchParams();
  if (action.recipient) params.set('to', action.recipient);
  if (action.amountMinor !== null) params.set('amountMinor', String(action.amountMinor));
  params.set('currency', action.currency);
  return `/payments?${params.toString()}`;
}

export const messageSchema = z
  .object({
    id: z.uuid(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    action: preparedActionSchema.nullable(),
    /** Tokens the message counted (input for a question, output for an answer). */
    tokens: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AssistantMessage' });
export type AssistantMessage = z.infer<typeof messageSchema>;

export const messageListResponseSchema = z.object({ items: z.array(messageSchema) });
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/**
 * `POST /api/assistant/conversations/{id}/messages`. `language` is the language to answer in
 * (the profile's when left out). Premium models need the premium-models capability (403).
 */
export const sendMessageRequestSchema = z
  .object({
    content: safeText({ multiline: true })
      .min(1, 'validation.required')
      .max(ASSISTANT_LIMITS.messageMax, 'validation.tooLong'),
    model: z.enum(ASSISTANT_MODEL_NAMES as [AssistantModel, ...AssistantModel[]]).optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .meta({ id: 'SendAssistantMessageRequest' });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

const quotaUseSchema = z.object({ usedTokens: z.number().int(), limitTokens: z.number().int() });

/** `GET /api/assistant/usage`: the person's use against their role's quotas. */
export const usageSchema = z
  .object({
    role: z.enum(['admin', 'expert', 'pro', 'user', 'guest']),
    daily: quotaUseSchema,
    monthly: quotaUseSchema,
    costTodayCents: z.number().int(),
    costLimitCents: z.number().int(),
    /** The next reset of the daily quotas (UTC midnight). */
    resetsAt: z.iso.datetime(),
    streaming: z.boolean(),
    models: z.array(z.enum(ASSISTANT_MODEL_NAMES as [AssistantModel, ...AssistantModel[]])),
  })
  .meta({ id: 'AssistantUsage' });
export type AssistantUsage = z.infer<typeof usageSchema>;

/** The whole answer of a request that is not streamed. */
export const sendMessageResponseSchema = z
  .object({ question: messageSchema, answer: messageSchema, usage: usageSchema })
  .meta({ id: 'SendAssistantMessageResponse' });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** Events of a streamed answer (`text/event-stream`): deltas of text, then `done` with the whole answer. */
export type AssistantStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: SendMessageResponse }
  | { event: 'error'; data: { code: string } };

/**
 * `POST /api/assistant/guest/messages`: a signed-out visitor asks the help assistant (how to use
 * the app; no personal figures), within the guest quota counted per device and per address.
 */
export const guestMessageRequestSchema = z
  .object({
    content: safeText({ multiline: true })
      .min(1, 'validation.required')
      .max(ASSISTANT_LIMITS.messageMax, 'validation.tooLong'),
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'GuestAssistantMessageRequest' });
export type GuestMessageRequest = z.infer<typeof guestMessageRequestSchema>;

export const guestMessageResponseSchema = z
  .object({ answer: z.object({ content: z.string(), tokens: z.number().int() }), usage: usageSchema })
  .meta({ id: 'GuestAssistantMessageResponse' });
export type GuestMessageResponse = z.infer<typeof guestMessageResponseSchema>;

export const QUOTAS = ['daily', 'monthly', 'cost'] as const;
export type Quota = (typeof QUOTAS)[number];
/** The details of 429 `quota_exceeded`. */
export const quotaExceededDetailsSchema = z.object({ quota: z.enum(QUOTAS), resetsAt: z.iso.datetime() });
export type QuotaExceededDetails = z.infer<typeof quotaExceededDetailsSchema>;

// --- Coherence report (`GET /api/coherence`) ---

export const COHERENCE_RULES = [
  'goalsExceedMargin',
  'budgetsExceedIncome',
  'categoryOverBudget',
  'goalUnreachable',
] as const;
export type CoherenceRule = (typeof COHERENCE_RULES)[number];
export const COHERENCE_SEVERITIES = ['high', 'medium', 'low'] as const;
export type CoherenceSeverity = (typeof COHERENCE_SEVERITIES)[number];

/** How many months running a category must be over budget to be reported. */
export const OVER_BUDGET_MONTHS = 3;

export const coherenceFindingSchema = z
  .object({
    rule: z.enum(COHERENCE_RULES),
    severity: z.enum(COHERENCE_SEVERITIES),
    currency: currencySchema,
    /** The figures that show it: amounts in minor units, counts, names or dates. */
    figures: z.record(z.string(), z.union([z.number().int(), z.string()])),
    action: z.object({ href: z.string() }),
  })
  .meta({ id: 'CoherenceFinding' });
export type CoherenceFinding = z.infer<typeof coherenceFindingSchema>;

export const coherenceReportSchema = z
  .object({
    /** The months whose income and spending were averaged (`YYYY-MM`, the last full ones). */
    months: z.array(z.string()),
    findings: z.array(coherenceFindingSchema),
  })
  .meta({ id: 'CoherenceReport' });
export type CoherenceReport = z.infer<typeof coherenceReportSchema>;
