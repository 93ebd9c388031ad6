import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RATE_LIMITS } from '@ztart/shared/limits';
import { z } from 'zod';
import { DataKeyError, type DataKeyring, DEVELOPMENT_DATA_KEY, parseDataKeys } from './db/encryption.ts';

/** The repository root, found from this file's location so that the working directory never matters. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'test', 'production'] as const;

/** A relative path in the environment is read from the repository root, like the defaults. */
const repoPath = z
  .string()
  .min(1)
  .transform((value) => path.resolve(REPO_ROOT, value));

/** Proxies in front of one server: more than this is a mistake in the configuration. */
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the server (a hop count; `true` means
 * one, `false` none), or a comma-separated list of their addresses or CIDRs. Never "trust every
 * hop": the client writes the leftmost X-Forwarded-For entries itself, and a forged one must not
 * become the address that rate limits count.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value): number | string[] => {
    if (/^(true|yes|on)$/i.test(value)) return 1;
    if (/^(false|no|off|)$/i.test(value)) return 0;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  })
  .refine((value) => typeof value !== 'number' || value <= MAX_PROXY_HOPS, {
    message: `at most ${MAX_PROXY_HOPS} proxies`,
  });

/**
 * The most requests that wait for each shared database step (session look-up, the people of a
 * transfer, the movement). At the benchmark's peak (about 3,000 transfers a second on PostgreSQL,
 * 1,300 on PGlite) a full queue is a third of a second to a second of work: past that a client is
 * better told 503 `overloaded` at once, with nothing moved, than kept waiting.
 */
export const DEFAULT_BATCH_QUEUE_MAX = 1_000;

/** A load balancer checking every 2 s and taking an instance out after two failures notices in 4 s. */
export const DEFAULT_PRODUCTION_DRAIN_SECONDS = 5;

/** Far longer than a healthy streaming replica lags (milliseconds), short enough to spare the primary. */
export const DEFAULT_READ_YOUR_WRITES_SECONDS = 10;

const envSchema = z.object({
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  READ_YOUR_WRITES_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .default(DEFAULT_READ_YOUR_WRITES_SECONDS),
  DATA_DIR: repoPath.default(path.join(REPO_ROOT, 'data')),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SEED: z.stringbool().optional(),
  WEB_DIST_DIR: repoPath.default(path.join(REPO_ROOT, 'apps/web/dist')),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LIVE_EVENTS_CHANNEL: z.enum(['auto', 'redis', 'postgres', 'local']).default('auto'),
  TRUST_PROXY: trustProxySchema.default(0),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  CARD_SETTLEMENT_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(4_000),
  SETTLEMENT_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(500),
  DATA_ENCRYPTION_KEYS: z.string().optional(),
  BATCH_QUEUE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_BATCH_QUEUE_MAX),
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  WEBHOOK_ALLOW_LOOPBACK: z.stringbool().optional(),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).optional(),
  HOUSEKEEPING_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  INVARIANT_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(RATE_LIMITS.signUpPerIp.max),
  SIGN_INS_PER_IP_PER_15_MIN: z.coerce.number().int().min(1).max(10_000).default(RATE_LIMITS.signInPerIp.max),
  ASSISTANT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ASSISTANT_API_KEY: z.string().max(500).optional(),
  ASSISTANT_MODEL: z.string().trim().min(1).max(200).optional(),
  ASSISTANT_PREMIUM_MODEL: z.string().trim().min(1).max(200).optional(),
});

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite database under `dataDir/db` is used. */
  databaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL (PostgreSQL only): heavy reads go there, except for a
   * browser that wrote within `readYourWritesSeconds`, which reads from the primary.
   */
  databaseReadUrl: string | undefined;
  readYourWritesSeconds: number;
  dataDir: string;
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
  logLevel: LogLevel;
  /** Load the demo people at start; never true in production. */
  seed: boolean;
  webDistDir: string;
  redisUrl: string | undefined;
  /**
   * How live events reach the pages other instances hold: `auto` (Redis with REDIS_URL, else
   * PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else none), or one of them; `local` keeps them in
   * this process (one instance, or a test that shows what breaks without).
   */
  liveEventsChannel: 'auto' | 'redis' | 'postgres' | 'local';
  /** Proxies whose X-Forwarded-For entries are believed: a hop count (0: none) or their addresses. */
  trustProxy: number | string[];
  /** SMTP server for mail (smtp:// or smtps://, credentials inside); without it mail goes to the outbox table. */
  smtpUrl: string | undefined;
  /** The sender of every mail. */
  mailFrom: string;
  /** Where SMS go as a POST of JSON `{ to, text }`; without it SMS go to the outbox table. */
  smsWebhookUrl: string | undefined;
  /** How long the sandbox card processor takes to settle a charge or payout (pending, then completed or failed). */
  cardSettlementDelayMs: number;
  /** How often the settlement worker looks for due operations; 0 turns it off (tests settle by hand). */
  settlementPollMs: number;
  /** Keys that encrypt bank account numbers at rest: the first seals, all open (rotation). */
  dataEncryptionKeys: DataKeyring;
  /** The most requests waiting for each shared database step; one more is answered 503 `overloaded`. */
  batchQueueMax: number;
  /** How often an open live event stream checks that its session is still open (1 to 600 s). */
  liveSessionCheckSeconds: number;
  /** How many accounts one address may open per hour (a browser test suite opens more than people do). */
  signUpsPerIpPerHour: number;
  /** How many sign-in attempts one address may make in 15 minutes, whatever the email. */
  signInsPerIpPer15Min: number;
  /**
   * An OpenAI-compatible chat-completions server for the assistant (ASSISTANT_BASE_URL, e.g.
   * `https://api.openai.com/v1` or a local Ollama's `http://127.0.0.1:11434/v1`), its key and model
   * names; without it the built-in engine answers (no network, no model download).
   */
  assistantProvider: AssistantProviderConfig | undefined;
  /** The bearer token `GET /metrics` asks for; without it the endpoint answers 404. */
  metricsToken: string | undefined;
  /** How often each instance asks whether the hour's housekeeping is still to do; 0 turns it off. */
  housekeepingPollMs: number;
  /**
   * On SIGTERM, how long the server drains (readiness 503, live streams closed with a reconnection
   * hint, requests still served) before it stops taking connections: long enough for the load
   * balancer's health checks to notice. 5 s in production, 0 elsewhere by default.
   */
  drainSeconds: number;
  /** How often the ledger invariant check runs (one instance per period, claimed in the database); 0 turns it off. */
  invariantCheckMs: number;
  /**
   * Webhooks may call a receiver on this machine's loopback address, on any port (WEBHOOK_ALLOW_LOOPBACK,
   * for tests only; refused in production). Without it only public addresses are called (decision 0047).
   */
  webhookAllowLoopback: boolean;
}

export interface AssistantProviderConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The model behind the premium choice; the standard model when unset. */
  premiumModel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; an empty variable counts as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const isProduction = vars.NODE_ENV === 'production';
  if (isProduction && vars.WEBHOOK_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_ALLOW_LOOPBACK: only for tests, never in production',
    );
  }
  const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: vars.NODE_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databaseReadUrl: databaseReadUrlOf(vars),
    readYourWritesSeconds: vars.READ_YOUR_WRITES_SECONDS,
    dataDir: vars.DATA_DIR,
    appUrl,
    logLevel: vars.LOG_LEVEL,
    seed: !isProduction && (vars.SEED ?? true),
    webDistDir: vars.WEB_DIST_DIR,
    redisUrl: vars.REDIS_URL,
    liveEventsChannel: liveEventsChannelOf(vars),
    trustProxy: vars.TRUST_PROXY,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? defaultMailFrom(appUrl),
    smsWebhookUrl: vars.SMS_WEBHOOK_URL,
    cardSettlementDelayMs: vars.CARD_SETTLEMENT_DELAY_MS,
    settlementPollMs: vars.SETTLEMENT_POLL_MS,
    dataEncryptionKeys: dataKeysOf(vars.DATA_ENCRYPTION_KEYS, isProduction),
    batchQueueMax: vars.BATCH_QUEUE_MAX,
    liveSessionCheckSeconds: vars.LIVE_SESSION_CHECK_SECONDS,
    signUpsPerIpPerHour: vars.SIGN_UPS_PER_IP_PER_HOUR,
    signInsPerIpPer15Min: vars.SIGN_INS_PER_IP_PER_15_MIN,
    assistantProvider: assistantProviderOf(vars),
    metricsToken: vars.METRICS_TOKEN,
    invariantCheckMs: vars.INVARIANT_CHECK_MS,
    webhookAllowLoopback: vars.WEBHOOK_ALLOW_LOOPBACK ?? false,
    housekeepingPollMs: vars.HOUSEKEEPING_POLL_MS,
    drainSeconds: vars.DRAIN_SECONDS ?? (isProduction ? DEFAULT_PRODUCTION_DRAIN_SECONDS : 0),
  };
}

/** A replica is a replica of the PostgreSQL server: without DATABASE_URL it makes no sense. */
function databaseReadUrlOf(vars: z.infer<typeof envSchema>): string | undefined {
  if (vars.DATABASE_READ_URL !== undefined && vars.DATABASE_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (its primary)');
  }
  return vars.DATABASE_READ_URL;
}

/** A channel asked for by name needs what it runs on. */
function liveEventsChannelOf(vars: z.infer<typeof envSchema>): Config['liveEventsChannel'] {
  const channel = vars.LIVE_EVENTS_CHANNEL;
  if (channel === 'redis' && vars.REDIS_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  LIVE_EVENTS_CHANNEL: redis needs REDIS_URL');
  }
  if (channel === 'postgres' && vars.DATABASE_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  LIVE_EVENTS_CHANNEL: postgres needs DATABASE_URL');
  }
  return channel;
}

function assistantProviderOf(vars: z.infer<typeof envSchema>): AssistantProviderConfig | undefined {
  if (vars.ASSISTANT_BASE_URL === undefined) return undefined;
  if (vars.ASSISTANT_MODEL === undefined) {
    throw new ConfigError('Invalid configuration:\n  ASSISTANT_MODEL: required with ASSISTANT_BASE_URL');
  }
  return {
    baseUrl: vars.ASSISTANT_BASE_URL.replace(/\/+$/, ''),
    apiKey: vars.ASSISTANT_API_KEY,
    model: vars.ASSISTANT_MODEL,
    premiumModel: vars.ASSISTANT_PREMIUM_MODEL ?? vars.ASSISTANT_MODEL,
  };
}

/**
 * DATA_ENCRYPTION_KEYS, required in production; elsewhere the development key stands in for it,
 * so that a person can start the app with no configuration. Production never takes that key.
 */
function dataKeysOf(value: string | undefined, isProduction: boolean): DataKeyring {
  if (value === undefined) {
    if (isProduction) {
      throw new ConfigError(
        'Invalid configuration:\n  DATA_ENCRYPTION_KEYS: required in production (id:base64key, e.g. k1:$(openssl rand -base64 32))',
      );
    }
    return [DEVELOPMENT_DATA_KEY];
  }
  try {
    const keys = parseDataKeys(value);
    if (isProduction && keys.some((entry) => entry.key.equals(DEVELOPMENT_DATA_KEY.key))) {
      throw new DataKeyError('the development key is public: production needs a key of its own');
    }
    return keys;
  } catch (error) {
    if (!(error instanceof DataKeyError)) throw error;
    throw new ConfigError(`Invalid configuration:\n  DATA_ENCRYPTION_KEYS: ${error.message}`);
  }
}

/** `Ztart Tips <no-reply@host of APP_URL>`. */
export function defaultMailFrom(appUrl: string): string {
  return `Ztart Tips <no-reply@${new URL(appUrl).hostname}>`;
}
