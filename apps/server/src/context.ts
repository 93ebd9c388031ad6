import type { RateLimitName, RateLimitRule } from '@ztart/shared/limits';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import type { Drain } from './http/drain.ts';
import type { ReadRouting } from './http/read-routing.ts';
import type { CardProcessor } from './integrations/card-processor/processor.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { SmsSender } from './integrations/sms/sms.ts';
import type { SessionFinder } from './modules/auth/sessions.ts';
import type { LiveEvents } from './modules/notifications/live.ts';
import type { TransferBatchers } from './modules/transfers/batch.ts';

export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** What every module's routes and services are given: nothing lives in module-level state. */
export interface AppContext {
  db: AppDatabase;
  config: Config;
  now: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Tokenizes cards, charges them, pays out to bank accounts and settles (the sandbox by default). */
  cardProcessor: CardProcessor;
  rateLimits: RateLimits;
  /** Events for the open pages of each person (`GET /api/events`). */
  live: LiveEvents;
  /** Finds the session behind a cookie; the look-ups of requests arriving together are one query. */
  findSession: SessionFinder;
  /** Transfers arriving together share their database work (modules/transfers/batch.ts). */
  transfers: TransferBatchers;
  /**
   * The least time sign-up, forgot-password and resend-verification take to answer, so that how
   * long they take never tells whether an email is registered (their work differs by a few ms).
   */
  uniformAnswerMs: number;
  /** Heavy reads: the replica's database, or the primary's for a person who just wrote (decision 0052). */
  reads: ReadRouting;
  /** Whether the instance is draining before it stops, and what to do when it starts to. */
  drain: Drain;
}
