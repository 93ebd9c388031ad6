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
    dataDir: path.join(REPO_ROOT, 'data/test'),
    appUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seed: false,
    webDistDir: MISSING_WEB_DIST_DIR,
    redisUrl: undefined,
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
    metricsToken: undefined,
    invariantCheckMs: 0,
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
}

/**
 * The whole server on a database of its own (see openTestDatabase), not yet ready: a test may
 * still add routes before its first `app.inject`.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = await openTestDatabase();
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
    });
    return { app, database, config, close: () => app.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
