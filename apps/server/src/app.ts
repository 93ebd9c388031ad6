import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { RATE_LIMITS } from '@ztart/shared/limits';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext, RateLimits } from './context.ts';
import type { Database } from './db/client.ts';
import { trackAllowedMethods } from './http/allowed-methods.ts';
import { registerCompression } from './http/compression.ts';
import { Drain } from './http/drain.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createRateLimitCheck, registerRateLimit } from './http/rate-limit.ts';
import { type ReadRouting, registerReadRouting } from './http/read-routing.ts';
import { HEALTH_PATHS, READY, type Readiness, registerReadinessGate } from './http/readiness.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { CONNECTION_TIMEOUTS, type ConnectionTimeouts, timeoutOptions } from './http/timeouts.ts';
import { registerWebApp } from './http/web-app.ts';
import { createCardProcessor } from './integrations/card-processor/create.ts';
import type { CardProcessor } from './integrations/card-processor/processor.ts';
import { createMailTransport, Mailer } from './integrations/mail/mailer.ts';
import { outboxRoutes } from './integrations/outbox/routes.ts';
import { createSmsTransport, SmsSender } from './integrations/sms/sms.ts';
import { accountDeletionRoutes, authRoutes } from './modules/accounts/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { activityFeedRoutes } from './modules/activity-feed/routes.ts';
import { impersonationPlugin } from './modules/admin/impersonation.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createBuiltinEngine } from './modules/assistant/builtin-engine.ts';
import type { AssistantEngine } from './modules/assistant/engine.ts';
import { createOpenAiEngine } from './modules/assistant/openai-engine.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { createTokenCounter } from './modules/assistant/tokens.ts';
import { SESSION_COOKIE, sessionPlugin } from './modules/auth/session-plugin.ts';
import { createSessionFinder } from './modules/auth/sessions.ts';
import { watchBudgetAlerts } from './modules/budgets/alerts.ts';
import { budgetRoutes } from './modules/budgets/routes.ts';
import { businessInsightRoutes } from './modules/business-insights/routes.ts';
import { createPlanRenewalWorker } from './modules/businesses/renewals.ts';
import { businessRoutes } from './modules/businesses/routes.ts';
import { watchBusinessEvents } from './modules/businesses/webhook-events.ts';
import { createWebhookWorker } from './modules/businesses/webhooks.ts';
import { coherenceRoutes } from './modules/coherence/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { homeFirstDataOf } from './modules/dashboard/first-data.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { ddfRoutes } from './modules/ddf/routes.ts';
import { createDebtReminderWorker } from './modules/debts/reminder-worker.ts';
import { debtRoutes } from './modules/debts/routes.ts';
import { gamificationRoutes } from './modules/gamification/routes.ts';
import { watchGamification } from './modules/gamification/watcher.ts';
import { goalRoutes } from './modules/goals/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHousekeeping } from './modules/housekeeping/service.ts';
import { investmentRoutes } from './modules/investments/routes.ts';
import { createInvoiceReminderWorker } from './modules/invoices/reminders.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { metaRoutes } from './modules/meta/routes.ts';
import { nearbyRoutes } from './modules/nearby/routes.ts';
import { type LiveChannel, liveChannelKindOf, startLiveChannel } from './modules/notifications/channel.ts';
import { LiveEvents } from './modules/notifications/live.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { observatoryPlugin } from './modules/observatory/plugin.ts';
import { paymentMethodRoutes } from './modules/payment-methods/routes.ts';
import { postRoutes } from './modules/posts/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { qrCodeRoutes } from './modules/qr-codes/routes.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { findQuickTipProfile } from './modules/tips/profile.ts';
import { tipRoutes } from './modules/tips/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { createTransferBatchers } from './modules/transfers/batch.ts';
import { transferRoutes } from './modules/transfers/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { createSettlementWorker } from './modules/wallet/settlement-worker.ts';
import { createEventSweeper } from './modules/webhook-sweep/sweep.ts';
import { APP_VERSION } from './version.ts';

/** JSON bodies up to 1 MiB; routes that take uploads raise their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Owned by the app from now on: closed when the app closes. */
  database: Database;
  /**
   * When the database is ready (open, migrated, seeded). main.ts listens before that: requests
   * that need the database wait for it, health says 503 until then. Ready at once by default.
   */
  readiness?: Readiness;
  /** Where log lines go (standard output by default); tests read them here. */
  logStream?: NodeJS.WritableStream;
  /** The clock of sessions, tokens, codes, PIN locks and caches; tests move it. */
  now?: Clock;
  /** Replaces some of RATE_LIMITS, so that a test can reach one in a few requests. */
  rateLimits?: Partial<RateLimits>;
  /** A nodemailer transport to send mail with instead of SMTP_URL (tests of the SMTP adapter). */
  mailTransporter?: Transporter;
  /** See AppContext.uniformAnswerMs; UNIFORM_ANSWER_MS unless given (tests lower it). */
  uniformAnswerMs?: number;
  /** Builds the card processor from the sandbox the config describes (tests put a fault-injecting one around it). */
  cardProcessor?: (sandbox: CardProcessor) => CardProcessor;
  /** Replaces some of CONNECTION_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<ConnectionTimeouts>;
  /** The assistant's engine instead of the one the config chooses (tests hold answers back). */
  assistantEngine?: AssistantEngine;
  /**
   * Whether XP is awarded as actions happen (true by default). Tests of other modules turn it off,
   * so that their notifications and timings are their own; people are then awarded when asked.
   */
  awardAsActionsHappen?: boolean;
}

/** Longer than the work of any of those answers takes, with room for a slow database. */
export const UNIFORM_ANSWER_MS = 250;

declare module 'fastify' {
  interface FastifyInstance {
    /** How live events reach the other instances; `started` resolves once this one listens. */
    liveChannel: LiveChannel;
    /** Where heavy reads go (the replica, or the primary after a write), with counts. */
    reads: ReadRouting;
    /** Draining before a stop: readiness answers 503 and live streams close (shutdown.ts starts it). */
    drain: Drain;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Long enough for any start on a slow machine; a plugin that truly hangs still ends the start. */
const PLUGIN_TIMEOUT_MS = 120_000;

/** Builds the whole server without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database, logStream } = options;
  const readiness = options.readiness ?? READY;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream && typeof logger === 'object' ? { ...logger, stream: logStream } : logger,
    logController: new LogController({
      // Load balancers ask for health every few seconds: those lines would bury the useful ones.
      disableRequestLogging: (request) => config.nodeEnv === 'test' || HEALTH_PATHS.has(request.url),
    }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // The embedded database opens, migrates and seeds on this thread while the plugins load (a new
    // data folder on a busy machine can hold it for many seconds): Fastify's 10 s default would
    // call a plugin stuck that is only waiting its turn.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    ...timeoutOptions({ ...CONNECTION_TIMEOUTS, ...options.timeouts }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route: a known path asked with another method is answered 405, not 404.
  const allowedMethods = trackAllowedMethods(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // First of the hooks that may read the database (sessions, rate limits in it).
  registerReadinessGate(app, readiness);

  const db = database.db;
  const mailer = new Mailer(
    await createMailTransport({ config, db, log: app.log, transporter: options.mailTransporter }),
    app.log,
  );
  const sms = new SmsSender(createSmsTransport({ config, db, log: app.log }), app.log);
  const context: AppContext = {
    db,
    config,
    now: options.now ?? systemClock,
    mailer,
    sms,
    cardProcessor: (options.cardProcessor ?? ((sandbox) => sandbox))(createCardProcessor(config)),
    rateLimits: {
      ...RATE_LIMITS,
      signUpPerIp: { ...RATE_LIMITS.signUpPerIp, max: config.signUpsPerIpPerHour },
      signInPerIp: { ...RATE_LIMITS.signInPerIp, max: config.signInsPerIpPer15Min },
      ...options.rateLimits,
    },
    live: new LiveEvents(),
    findSession: createSessionFinder(db, { maxQueued: config.batchQueueMax }),
    transfers: createTransferBatchers(db, app.log, { maxQueued: config.batchQueueMax }),
    uniformAnswerMs: options.uniformAnswerMs ?? UNIFORM_ANSWER_MS,
    drain: new Drain(),
    reads: registerReadRouting(app, {
      primary: db,
      replica: database.replica?.db,
      windowSeconds: config.readYourWritesSeconds,
      now: options.now ?? systemClock,
    }),
  };
  app.decorate('drain', context.drain);
  app.decorate('reads', context.reads);
  // Live events reach the pages other instances hold (decision 0052).
  const liveChannel = startLiveChannel(context.live, {
    kind: liveChannelKindOf(config, database),
    config,
    database,
    log: app.log,
  });
  app.decorate('liveChannel', liveChannel);
  liveChannel.started.catch((error: unknown) =>
    app.log.error({ err: error, channel: liveChannel.kind }, 'live events channel could not start'),
  );
  // Budgets reaching 80 % and 100 % are told of after each spend commits (modules/budgets/alerts.ts).
  const budgetAlerts = watchBudgetAlerts(context, app.log);
  app.decorate('budgetAlerts', budgetAlerts);
  // XP, achievements and challenges are awarded after each action commits (modules/gamification).
  const gamification = watchGamification(context, app.log, {
    observe: options.awardAsActionsHappen ?? true,
  });
  app.decorate('gamification', gamification);
  const settlement = createSettlementWorker(context, app.log, config.settlementPollMs);
  app.decorate('settlement', settlement);
  // Card charges and payouts settle in the background once the app and its database are ready,
  // until it closes.
  let closing = false;
  // Debts due are reminded of on the same poll, from their own timer.
  const debtReminders = createDebtReminderWorker(context, app.log, config.settlementPollMs);
  app.decorate('debtReminders', debtReminders);
  // Invoices due soon or overdue are reminded of on the same poll, from their own timer.
  const invoiceReminders = createInvoiceReminderWorker(context, app.log, config.settlementPollMs);
  app.decorate('invoiceReminders', invoiceReminders);
  // Business webhooks are delivered (and retried) on the same poll.
  const webhooks = createWebhookWorker(context, app.log, config.settlementPollMs);
  app.decorate('webhooks', webhooks);
  // Money into and out of business wallets, and invoices paid, become webhook events after they commit.
  const businessEvents = watchBusinessEvents(context, app.log);
  app.decorate('businessEvents', businessEvents);
  // What that missed (the process ended between a commit and its event) is swept up on one instance.
  const eventSweeper = createEventSweeper(context, app.log, config.settlementPollMs);
  app.decorate('eventSweeper', eventSweeper);
  // Expired sessions, tokens, keys and old outbox rows go once an hour, on one instance.
  const housekeeping = createHousekeeping(context, app.log, config.housekeepingPollMs);
  app.decorate('housekeeping', housekeeping);
  // Paid plans are renewed from the wallet (or downgraded) when their period ends, on the same poll.
  const planRenewals = createPlanRenewalWorker(context, app.log, config.settlementPollMs);
  app.decorate('planRenewals', planRenewals);
  app.addHook('onReady', async () => {
    void readiness.ready.then(
      () => {
        if (closing) return;
        settlement.start();
        debtReminders.start();
        invoiceReminders.start();
        webhooks.start();
        eventSweeper.start();
        housekeeping.start();
        planRenewals.start();
        app.invariantChecker.start();
      },
      () => {},
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
    await settlement.stop();
    await debtReminders.stop();
    await invoiceReminders.stop();
    await webhooks.stop();
    await eventSweeper.stop();
    await housekeeping.stop();
    await planRenewals.stop();
    await app.invariantChecker.stop();
    budgetAlerts.stop();
    await budgetAlerts.idle();
    gamification.stop();
    await gamification.idle();
    businessEvents.stop();
    await businessEvents.idle();
  });
  if (config.isProduction && mailer.kind === 'outbox') {
    app.log.warn(
      'SMTP_URL is not set: mail is not sent (the outbox table keeps only its recipient and subject)',
    );
  }
  app.addHook('onClose', async () => {
    // Mail and SMS still on their way go out before the database closes.
    await Promise.allSettled([mailer.close(), sms.close(), liveChannel.close()]);
    await database.close();
  });

  await registerSecurityHeaders(app, { isProduction: config.isProduction });
  await registerCompression(app);
  await app.register(cookie);
  const redisStatus = await registerRateLimit(app, { redisUrl: config.redisUrl });
  await registerOpenApi(app, { version: APP_VERSION });
  await app.register(sessionPlugin, { context });
  await app.register(impersonationPlugin, { context });
  // Before the routes it counts.
  await app.register(observatoryPlugin, { context, database, redisStatus });

  await app.register(healthRoutes, { database, readiness, drain: context.drain, version: APP_VERSION });
  await app.register(authRoutes, { context });
  await app.register(profileRoutes, { context });
  await app.register(accountDeletionRoutes, { context });
  await app.register(postRoutes, { context });
  await app.register(securityRoutes, { context });
  await app.register(paymentMethodRoutes, { context });
  await app.register(walletRoutes, { context });
  await app.register(dashboardRoutes, { context });
  await app.register(transferRoutes, { context });
  await app.register(debtRoutes, { context });
  await app.register(goalRoutes, { context });
  await app.register(invoiceRoutes, { context });
  await app.register(investmentRoutes, { context });
  await app.register(businessRoutes, { context });
  await app.register(businessInsightRoutes, { context });
  await app.register(transactionRoutes, { context });
  await app.register(budgetRoutes, { context });
  await app.register(analyticsRoutes, { context });
  await app.register(coherenceRoutes, { context });
  await app.register(ddfRoutes, { context });
  const assistantTokens = createTokenCounter();
  await app.register(assistantRoutes, {
    context,
    engine:
      options.assistantEngine ??
      (config.assistantProvider
        ? createOpenAiEngine(config.assistantProvider, assistantTokens)
        : createBuiltinEngine()),
    tokens: assistantTokens,
  });
  await app.register(notificationRoutes, { context });
  await app.register(gamificationRoutes, { context, gamification });
  await app.register(qrCodeRoutes, { context });
  await app.register(contactRoutes, { context });
  await app.register(tipRoutes, { context });
  await app.register(activityRoutes, { context });
  await app.register(activityFeedRoutes, { context });
  await app.register(nearbyRoutes, { context });
  await app.register(outboxRoutes, { context });
  await app.register(adminRoutes, { context });
  await app.register(metaRoutes, { context });

  const quickTipPageLimit = createRateLimitCheck(
    app,
    'public-profile-page',
    context.rateLimits.publicProfilePerIp,
    (request) => request.ip,
  );
  await registerWebApp(app, {
    distDir: config.webDistDir,
    allowedMethods,
    hasSession: (request) => Boolean(request.cookies[SESSION_COOKIE]),
    // Rendered with the person's figures once the database is ready; meanwhile with loading shapes.
    homeFirstData: async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      return token && readiness.isReady() ? homeFirstDataOf(context, token) : null;
    },
    // The page is rendered with its receiver: it waits for the database like the API.
    quickTipProfile: async (ztartag) => {
      await readiness.ready;
      return findQuickTipProfile(db, ztartag);
    },
    mayRenderQuickTip: (request, reply) =>
      quickTipPageLimit(request, reply).then(
        () => true,
        () => false,
      ),
  });
  return app;
}

/**
 * A hop count means "trust that many proxies in front of us": the client's address is the entry
 * that the outermost of them added, whatever the client wrote to the left of it. (Fastify's types
 * only take a function for it.)
 */
export function trustProxyOption(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address: string, hop: number) => hop < trustProxy;
}
