import type { AssistantModel, PreparedAction } from '@ztart/shared/contracts/assistant';
import type { BudgetListResponse } from '@ztart/shared/contracts/budgets';
import type { Contact } from '@ztart/shared/contracts/contacts';
import type { GoalListResponse } from '@ztart/shared/contracts/goals';
import type { DefaultCategoryKey, Transaction } from '@ztart/shared/contracts/transactions';
import type { WalletBalance } from '@ztart/shared/contracts/wallet';
import type { Language } from '@ztart/shared/languages';
import type { Currency } from '@ztart/shared/money';

export const SPENDING_PERIODS = ['thisMonth', 'lastMonth'] as const;
export type SpendingPeriod = (typeof SPENDING_PERIODS)[number];

export interface Spending {
  currency: Currency;
  from: string;
  to: string;
  /** All expenses of the period. */
  totalMinor: number;
  /** The category asked about, or null when none was. */
  category: DefaultCategoryKey | null;
  categoryMinor: number | null;
}

export interface TipsReceived {
  currency: Currency;
  from: string;
  to: string;
  amountMinor: number;
  count: number;
}

/**
 * What an engine may read of the person's money, through the same services as the screens: the
 * assistant sees exactly the figures the person sees, and nothing it calls can move money.
 */
export interface AssistantTools {
  balances(): Promise<WalletBalance[]>;
  spending(input: { category: DefaultCategoryKey | null; period: SpendingPeriod }): Promise<Spending>;
  budgets(): Promise<BudgetListResponse>;
  goals(): Promise<GoalListResponse>;
  tips(input: { period: SpendingPeriod }): Promise<TipsReceived>;
  recentTransactions(): Promise<Transaction[]>;
  contacts(): Promise<Contact[]>;
  /** The currency the person uses most lately (their newest transaction's), for prepared actions. */
  mainCurrency(): Promise<Currency>;
}

export interface EngineRequest {
  language: Language;
  content: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  model: AssistantModel;
  /** The person's figures; null for a signed-out visitor, who gets help on using the app only. */
  tools: AssistantTools | null;
  /**
   * The answer's token budget: what the quota reservation left for it (decision 0049). The
   * OpenAI-compatible adapter passes it as `max_tokens`; the built-in engine's templates are shorter.
   */
  maxOutputTokens: number;
  /** Given when the answer is streamed: called with each piece of text as it is written. */
  onDelta?: (text: string) => void;
}

export interface EngineAnswer {
  text: string;
  action: PreparedAction | null;
  /** Tokens the engine's provider reported; counted with our tokenizer when absent. */
  usage?: { inputTokens: number; outputTokens: number };
}

/** One interface for the built-in engine and the OpenAI-compatible adapter. */
export interface AssistantEngine {
  answer(request: EngineRequest): Promise<EngineAnswer>;
}

/**
 * An engine that failed after its provider had already consumed tokens (an error answer after a
 * tool round, a stream cut midway): what was consumed is still counted against the quotas.
 */
export class EngineFailure extends Error {
  readonly usage: { inputTokens: number; outputTokens: number };

  constructor(message: string, usage: { inputTokens: number; outputTokens: number }, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EngineFailure';
    this.usage = usage;
  }
}
