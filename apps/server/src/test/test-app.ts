import path from 'node:path';
import { RATE_LIMITS } from '@ztart/shared/limits';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, DEFAULT_BATCH_QUEUE_MAX, REPO_ROOT } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DEVELOPMENT_DATA_KEY } from '../db/encryption.ts';
import { seedDemoData } from '../demo/seed.ts';
import { openTestDatabase } from './test-database.ts';

/** A web build folder that does not exist: tests that serve the web app make their own. */
const MISSING_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/server/src/test/no-web-dist');

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databaseReadUrl: undefined,
    readYourWritesSeconds: 10,
    dataDir: path.join(REPO_ROOT, 'data/test'),
    appUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seed: false,
    webDistDir: MISSING_WEB_DIST_DIR,
    redisUrl: undefined,
    liveEventsChannel: 'auto',
    trustProxy: 0,
    smtpUrl: undefined,
    mailFrom: 'Ztart Tips <no-reply@localhost>',
    smsWebhookUrl: undefined,
    cardSettlementDelayMs: 0,
    settlementPollMs: 0,
    dataEncryptionKeys: [DEVELOPMENT_DATA_KEY],
    batchQueueMax: DEFAULT_BATCH_QUEUE_MAX,
    liveSessionCheckSeconds: 60,
    signUpsPerIpPerHour: RATE_LIMITS.signUpPerIp.max,
    signInsPerIpPer15Min: RATE_LIMITS.signInPerIp.max,
    assistantProvider: undefined,
    metricsToken: undefined,
    invariantCheckMs: 0,
    webhookAllowLoopback: false,
    drainSeconds: 0,
    housekeepingPollMs: 0,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** Closes the app, which closes (and on PostgreSQL drops) its database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Load the demo people first. */
  seed?: boolean;
  logStream?: NodeJS.WritableStream;
  now?: BuildAppOptions['now'];
  rateLimits?: BuildAppOptions['rateLimits'];
  mailTransporter?: BuildAppOptions['mailTransporter'];
  /** 0 unless given: most tests need not wait for the uniform answer time. */
  uniformAnswerMs?: number;
  cardProcessor?: BuildAppOptions['cardProcessor'];
  timeouts?: BuildAppOptions['timeouts'];
  readiness?: BuildAppOptions['readiness'];
  assistantEngine?: BuildAppOptions['assistantEngine'];
  /** On PostgreSQL: a second pool on the same schema stands for a read replica (DATABASE_READ_URL). */
  replica?: boolean;
  /**
   * XP awarded as actions happen, as in the app (the gamification tests): off unless asked, so that
   * the other modules' tests see their own notifications only, whatever an award's timing.
   */
  awardAsActionsHappen?: boolean;
}

/**
 * The whole server on a database of its own (see openTestDatabase), not yet ready: a test may
 * still add routes before its first `app.inject`.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = await openTestDatabase({ replica: options.replica });
  try {
    if (options.seed) await seedDemoData(database.db);
    const app = await buildApp({
      config,
      database,
      logStream: options.logStream,
      now: options.now,
      rateLimits: options.rateLimits,
      mailTransporter: options.mailTransporter,
      uniformAnswerMs: options.uniformAnswerMs ?? 0,
      cardProcessor: options.cardProcessor,
      timeouts: options.timeouts,
      readiness: options.readiness,
      assistantEngine: options.assistantEngine,
      awardAsActionsHappen: options.awardAsActionsHappen ?? false,
    });
    return { app, database, config, close: () => app.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Several instances of the server on one database, as behind a load balancer: each is a whole app
 * with its own process-level state (live event listeners, timers, caches). The database closes
 * (and on PostgreSQL is dropped) once every app has closed.
 */
export async function buildTestApps(
  count: number,
  options: Omit<TestAppOptions, 'seed'> = {},
): Promise<{ apps: App[]; database: Database; close(): Promise<void> }> {
  const database = await openTestDatabase();
  const shared: Database = { ...database, close: async () => {} };
  const apps: App[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      apps.push(
        await buildApp({
          config: testConfig(options.config),
          database: shared,
          logStream: options.logStream,
          now: options.now,
          rateLimits: options.rateLimits,
          uniformAnswerMs: options.uniformAnswerMs ?? 0,
          cardProcessor: options.cardProcessor,
          timeouts: options.timeouts,
          readiness: options.readiness,
          awardAsActionsHappen: options.awardAsActionsHappen ?? false,
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(apps.map((app) => app.close()));
    await database.close();
    throw error;
  }
  return {
    apps,
    database,
    close: async () => {
      await Promise.allSettled(apps.map((app) => app.close()));
      await database.close();
    },
  };
}
