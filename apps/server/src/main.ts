import { loadConfig } from './config.ts';
import { databaseTargetFromConfig, openDatabaseLater } from './db/client.ts';
import { readinessOf } from './http/readiness.ts';

/** Milliseconds since the process started, for the start's timings. */
const sinceStart = () => Math.round(performance.now());
/** The process's CPU time so far (every thread, user and system), in milliseconds. */
const cpuSoFar = () => {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
};

/**
 * The process entry: configuration, listen, then database, migrations, demo seed, graceful
 * shutdown. The server listens before the database is ready (decision 0025): its pages and static
 * files answer at once, requests that need the database wait for it, and health says 503 until
 * then.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // Locks the embedded database's folder (a folder in use is refused here) and starts opening it:
  // PGlite compiles its WebAssembly on background threads while the server loads and listens.
  const { database, open } = await openDatabaseLater(databaseTargetFromConfig(config));
  const opening = open();
  // Awaited after listening; a failure is handled there, not as an unhandled rejection.
  opening.catch(() => {});
  const [{ buildApp }, { closeOnSignals }] = await Promise.all([import('./app.ts'), import('./shutdown.ts')]);
  let markReady: () => void = () => {};
  let markFailed: (error: unknown) => void = () => {};
  const readiness = readinessOf(
    new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    }),
  );
  const app = await buildApp({ config, database, readiness });
  closeOnSignals(app, { drainSeconds: config.drainSeconds });
  const timings: Record<string, number> = {};
  try {
    await app.listen({ port: config.port, host: config.host });
    timings.listening = sinceStart();
    timings.listeningCpu = cpuSoFar();
    app.log.info(`Ztart Tips is listening at ${config.appUrl} (database: ${database.kind}, opening)`);
    await opening;
    timings.databaseOpen = sinceStart();
    const [{ migrateDatabase }, { seedDemoData }, { resealBankDetails }] = await Promise.all([
      import('./migrations/migrate.ts'),
      import('./demo/seed.ts'),
      import('./modules/payment-methods/bank-details.ts'),
    ]);
    const { applied } = await migrateDatabase(database, { dataKeys: config.dataEncryptionKeys });
    timings.migrations = sinceStart();
    // Bank accounts sealed with an older key get the current one (key rotation).
    const resealed = await resealBankDetails(database.db, config.dataEncryptionKeys);
    timings.reseal = sinceStart();
    if (config.seed) {
      await seedDemoData(database.db);
      timings.seed = sinceStart();
    }
    markReady();
    timings.ready = sinceStart();
    timings.readyCpu = cpuSoFar();
    // Milliseconds since the process started, at the end of each step of the start.
    app.log.info({ db: database.kind, applied, resealed, startupMs: timings }, 'database ready');
  } catch (error) {
    markFailed(error);
    app.log.fatal({ err: error }, 'could not start');
    await app.close().catch(() => {});
    process.exit(1);
  }
  app.log.info(`Ztart Tips is ready at ${config.appUrl} (database: ${database.kind})`);
  if (!config.isProduction && (!config.smtpUrl || !config.smsWebhookUrl)) {
    app.log.info(`Mail and SMS that are not sent out are in the outbox: ${config.appUrl}/dev/mailbox`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
