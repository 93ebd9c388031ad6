import { loadConfig } from './config.ts';
import { databaseTargetFromConfig, openDatabase } from './db/client.ts';

/** The process entry: configuration, database, migrations, demo seed, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database compiles its WebAssembly on background threads: the rest of the
  // server (Fastify, the routes, their libraries) loads meanwhile instead of after it.
  const opening = openDatabase(databaseTargetFromConfig(config));
  const [{ buildApp }, { migrateDatabase }, { seedDemoData }, { closeOnSignals }, { resealBankDetails }] =
    await Promise.all([
      import('./app.ts'),
      import('./migrations/migrate.ts'),
      import('./demo/seed.ts'),
      import('./shutdown.ts'),
      import('./modules/payment-methods/bank-details.ts'),
    ]);
  const database = await opening;
  const app = await buildApp({ config, database });
  closeOnSignals(app);
  try {
    const { applied } = await migrateDatabase(database, { dataKeys: config.dataEncryptionKeys });
    // Bank accounts sealed with an older key get the current one (key rotation).
    const resealed = await resealBankDetails(database.db, config.dataEncryptionKeys);
    app.log.info({ db: database.kind, applied, resealed }, 'database ready');
    if (config.seed) {
      await seedDemoData(database.db);
      app.log.info('demo people loaded');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
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
