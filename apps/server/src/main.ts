import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { databaseTargetFromConfig, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { resealBankDetails } from './modules/payment-methods/bank-details.ts';
import { closeOnSignals } from './shutdown.ts';

/** The process entry: configuration, database, migrations, demo seed, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFromConfig(config));
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
