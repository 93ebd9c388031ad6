import {
  ASSISTANT_LIMITS,
  type AssistantMessage,
  type AssistantModel,
  type Conversation,
  type CreateConversationRequest,
  type GuestMessageRequest,
  type GuestMessageResponse,
  mayUseModel,
  type SendMessageRequest,
  type SendMessageResponse,
} from '@ztart/shared/contracts/assistant';
import type { Role } from '@ztart/shared/roles';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../auth/secrets.ts';
import { languageOf } from '../profiles/service.ts';
import { type AssistantEngine, type EngineAnswer, EngineFailure, type EngineRequest } from './engine.ts';
import { releaseReservation, reserveQuota, settleReservation, usageOf } from './quota.ts';
import {
  assistantConversations,
  assistantMessages,
  type ConversationRow,
  type MessageRow,
} from './tables.ts';
import type { TokenCounter } from './tokens.ts';
import { toolsOf } from './tools.ts';

/** A conversation without a title is named after its first question, cut to this length. */
const TITLE_FROM_QUESTION = 60;

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: MessageRow): AssistantMessage {
  return {
    id: row.id,
    role: row.role as AssistantMessage['role'],
    content: row.content,
    action: row.action ?? null,
    tokens: row.tokens,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConversations(db: AppDatabase, userId: string): Promise<Conversation[]> {
  const rows = await db
    .select()
    .from(assistantConversations)
    .where(eq(assistantConversations.userId, userId))
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.createdAt))
    .limit(ASSISTANT_LIMITS.conversationsListed);
  return rows.map(toConversation);
}

async function findOwnConversation(db: AppDatabase, userId: string, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function createConversation(
  db: AppDatabase,
  userId: string,
  body: CreateConversationRequest,
  now: Date,
): Promise<Conversation> {
  const [row] = await db
    .insert(assistantConversations)
    .values({ userId, title: body.title ?? '', createdAt: now, updatedAt: now })
    .returning();
  return toConversation(row!);
}

export async function renameConversation(
  db: AppDatabase,
  userId: string,
  id: string,
  title: string,
): Promise<Conversation> {
  await findOwnConversation(db, userId, id);
  const [row] = await db
    .update(assistantConversations)
    .set({ title })
    .where(eq(assistantConversations.id, id))
    .returning();
  return toConversation(row!);
}

export async function deleteConversation(db: AppDatabase, userId: string, id: string): Promise<void> {
  await findOwnConversation(db, userId, id);
  await db.delete(assistantConversations).where(eq(assistantConversations.id, id));
}

/** Account deletion: the person's conversations and messages go (usage counts stay, holding no words). */
export async function eraseConversationsOf(tx: AppDatabase, userId: string): Promise<void> {
  await tx.delete(assistantConversations).where(eq(assistantConversations.userId, userId));
}

export async function listMessages(db: AppDatabase, userId: string, id: string): Promise<AssistantMessage[]> {
  await findOwnConversation(db, userId, id);
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, id))
    .orderBy(asc(assistantMessages.position))
    .limit(ASSISTANT_LIMITS.messagesListed);
  return rows.map(toMessage);
}

async function recentHistory(db: AppDatabase, conversationId: string) {
  const rows = await db
    .select({ role: assistantMessages.role, content: assistantMessages.content })
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(desc(assistantMessages.position))
    .limit(ASSISTANT_LIMITS.historyMessages);
  return rows.reverse().map((row) => ({ role: row.role as 'user' | 'assistant', content: row.content }));
}

export interface AssistantDeps {
  engine: AssistantEngine;
  tokens: TokenCounter;
}

type EngineCall = Omit<EngineRequest, 'maxOutputTokens'>;

/**
 * Runs the engine within a quota reservation (decision 0049): the question's tokens and the
 * answer's budget are reserved on every subject before the engine runs (429 `quota_exceeded`
 * when they do not fit), then settled to what was really used: the provider's usage when it
 * reports it, else counted with the tokenizer. When the engine fails, the reservation is settled
 * to what it had consumed (a stream cut midway) or given back, and the answer is 503
 * `assistant_unavailable` (the spec's technical-problem message). `beforeEngine` writes what must
 * be kept before the engine runs (the question); if it fails, the reservation is given back.
 */
async function answerWithinQuota<T>(
  context: AppContext,
  deps: AssistantDeps,
  quota: { subjects: readonly string[]; role: Role; model: AssistantModel; questionTokens: number },
  call: EngineCall,
  beforeEngine: () => Promise<T>,
): Promise<{ kept: T; answer: EngineAnswer; inputTokens: number; outputTokens: number }> {
  const { db } = context;
  const reservation = await reserveQuota(
    db,
    quota.subjects,
    quota.role,
    quota.model,
    quota.questionTokens,
    context.now(),
  );
  let kept: T;
  let answer: EngineAnswer;
  try {
    kept = await beforeEngine();
    answer = await deps.engine.answer({ ...call, maxOutputTokens: reservation.maxOutputTokens });
  } catch (error) {
    if (error instanceof EngineFailure) await settleReservation(db, reservation, error.usage);
    else await releaseReservation(db, reservation);
    if (error instanceof AppError) throw error;
    throw new AppError('assistant_unavailable', { cause: error });
  }
  const inputTokens = answer.usage?.inputTokens ?? quota.questionTokens;
  const outputTokens = answer.usage?.outputTokens ?? deps.tokens.count(answer.text);
  await settleReservation(db, reservation, { inputTokens, outputTokens });
  return { kept, answer, inputTokens, outputTokens };
}

/**
 * Answers a question in a conversation: reserves its tokens (refusing it over a quota before
 * anything is written), keeps the question and the answer, and settles the tokens used. The
 * engine reads the person's figures through the tools; it cannot move money. An engine failure →
 * 503 `assistant_unavailable`, with the question kept and only what the provider consumed counted.
 */
export async function sendMessage(
  context: AppContext,
  deps: AssistantDeps,
  person: { userId: string; role: Role },
  conversationId: string,
  body: SendMessageRequest,
  onDelta?: (text: string) => void,
): Promise<SendMessageResponse> {
  const { db } = context;
  const now = context.now();
  const conversation = await findOwnConversation(db, person.userId, conversationId);
  const model: AssistantModel = body.model ?? 'standard';
  if (!mayUseModel(person.role, model)) throw new AppError('forbidden');
  const questionTokens = deps.tokens.count(body.content);
  const language = body.language ?? (await languageOf(db, person.userId));
  const history = await recentHistory(db, conversationId);
  const {
    kept: question,
    answer,
    outputTokens,
  } = await answerWithinQuota(
    context,
    deps,
    { subjects: [person.userId], role: person.role, model, questionTokens },
    { language, content: body.content, history, model, tools: toolsOf(db, person.userId, now), onDelta },
    async () => {
      const [row] = await db
        .insert(assistantMessages)
        .values({
          conversationId,
          role: 'user',
          content: body.content,
          tokens: questionTokens,
          createdAt: now,
        })
        .returning();
      return row!;
    },
  );
  const [reply] = await db
    .insert(assistantMessages)
    .values({
      conversationId,
      role: 'assistant',
      content: answer.text,
      action: answer.action,
      tokens: outputTokens,
      createdAt: now,
    })
    .returning();
  await db
    .update(assistantConversations)
    .set({
      updatedAt: now,
      ...(conversation.title === ''
        ? { title: body.content.replace(/\s+/g, ' ').trim().slice(0, TITLE_FROM_QUESTION) }
        : {}),
    })
    .where(eq(assistantConversations.id, conversationId));
  return {
    question: toMessage(question),
    answer: toMessage(reply!),
    usage: await usageOf(db, person.userId, person.role, now),
  };
}

/**
 * A signed-out visitor is two quota subjects: their device (a random id in a cookie) and their
 * address. Both are hashed before they are stored; both must be within the guest quota, so
 * clearing cookies does not start the day over.
 */
export function guestSubjects(guest: { deviceId: string; address: string }): string[] {
  return [`guest-device:${hashToken(guest.deviceId)}`, `guest-address:${hashToken(guest.address)}`];
}

/**
 * The help assistant for signed-out visitors: how to use the app, no personal figures (the engine
 * gets no tools), nothing kept but the tokens counted on the guest's device and address.
 */
export async function answerGuest(
  context: AppContext,
  deps: AssistantDeps,
  guest: { deviceId: string; address: string },
  body: GuestMessageRequest,
): Promise<GuestMessageResponse> {
  const subjects = guestSubjects(guest);
  const model: AssistantModel = 'standard';
  const { answer, outputTokens } = await answerWithinQuota(
    context,
    deps,
    { subjects, role: 'guest', model, questionTokens: deps.tokens.count(body.content) },
    { language: body.language, content: body.content, history: [], model, tools: null },
    async () => null,
  );
  return {
    answer: { content: answer.text, tokens: outputTokens },
    usage: await usageOf(context.db, subjects, 'guest', context.now()),
  };
}
