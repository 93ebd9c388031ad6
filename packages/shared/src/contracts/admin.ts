import { z } from 'zod';
import { PAGE_SIZE } from '../limits.ts';
import { CURRENCIES } from '../money.ts';
import { CAPABILITIES, META_DASHBOARD_ACCESS_LEVELS, STORED_ROLES, USER_LEVELS } from '../roles.ts';
import { safeText } from '../safe-text.ts';
import { daysInPeriod, periodDateSchema } from './analytics.ts';

/**
 * Admin area, meta dashboard and observatory (issue 18, decision 0040). Every route here is
 * guarded on the server by the one capability table of `roles.ts`: a role without the capability
 * a route needs → 403 `forbidden` with `details: { capability }` (or `{ permission }` for a meta
 * dashboard level). Amounts are integer minor units; rates and latencies are whole numbers.
 */

/**
 * Which capability each admin route needs (the server's guard reads this). The meta dashboard
 * goes by the levels of `can_access_meta_dashboard`; the observatory is for anyone signed in, its
 * system metrics for `systemMetrics`.
 */
export const ADMIN_ROUTE_CAPABILITIES = {
  'GET /api/admin/users': 'manageUsers',
  'GET /api/admin/users/:id': 'manageUsers',
  'PATCH /api/admin/users/:id': 'manageUsers',
  'POST /api/admin/users/:id/impersonation': 'impersonate',
  'POST /api/admin/reconciliation': 'manageFinances',
  'GET /api/admin/finances': 'manageFinances',
  'GET /api/admin/system': 'manageSystem',
  'GET /api/admin/audit': 'manageSystem',
} as const satisfies Record<string, (typeof CAPABILITIES)[number]>;

/** Why a request was refused: the capability the role lacks, or the meta dashboard permission. */
export const forbiddenDetailsSchema = z
  .object({
    capability: z.enum(CAPABILITIES).optional(),
    permission: z.string().optional(),
  })
  .meta({ id: 'ForbiddenDetails' });
export type ForbiddenDetails = z.infer<typeof forbiddenDetailsSchema>;

/** What the server writes to the audit log for the admin area. Apps may not log these names. */
export const ADMIN_AUDIT_ACTIONS = [
  'admin_user_updated',
  'admin_user_suspended',
  'admin_user_restored',
  'admin_pin_lock_reset',
  'impersonation_started',
  'impersonation_request',
  'impersonation_refused',
  'impersonation_ended',
  'limits_bypassed',
  'reconciliation_run',
  'sign_in_suspended',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

const cursorSchema = safeText({ trim: false }).max(200).optional();
const limitSchema = z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default);
const minorSchema = z.number().int();
const currencySchema = z.enum(CURRENCIES);

// ---------------------------------------------------------------------------------------------
// Users

/** `GET /api/admin/users?q=&cursor=&limit=` → people whose email, name or ztartag holds `q`, newest first. */
export const adminUserListQuerySchema = z.object({
  q: safeText().max(254).optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSummarySchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string().nullable(),
    ztartag: z.string().nullable(),
    roles: z.array(z.enum(STORED_ROLES)),
    /** The highest of `roles` (admin > expert > pro > user). */
    role: z.enum(STORED_ROLES),
    userLevel: z.enum(USER_LEVELS),
    suspended: z.boolean(),
    suspendedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminUserSummary' });
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListResponseSchema = z
  .object({ items: z.array(adminUserSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminUserList' });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid() });

export const adminBalanceSchema = z.object({
  kind: z.string(),
  currency: currencySchema,
  balanceMinor: minorSchema,
});
export type AdminBalance = z.infer<typeof adminBalanceSchema>;

export const adminTransactionSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.string(),
  amountMinor: minorSchema,
  currency: currencySchema,
  description: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminSessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** One audit log entry. `actorId` is the person the entry is about (for admin actions: the admin). */
export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    actorId: z.uuid().nullable(),
    actorEmail: z.string().nullable(),
    actionType: z.string(),
    resource: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** How many recent transactions, sessions and audit entries a person's page shows. */
export const ADMIN_USER_DETAIL_ROWS = 20;

/** `GET /api/admin/users/{id}` → profile, balances, recent transactions, open sessions, audit trail. */
export const adminUserDetailSchema = z
  .object({
    user: adminUserSummarySchema.extend({
      emailVerified: z.boolean(),
      phone: z.string().nullable(),
      phoneVerified: z.boolean(),
      pinSet: z.boolean(),
      /** Until when wrong PIN entries keep the PIN locked; null when not locked. */
      pinLockedUntil: z.iso.datetime().nullable(),
      pinFailedAttempts: z.number().int().min(0),
    }),
    balances: z.array(adminBalanceSchema),
    recentTransactions: z.array(adminTransactionSchema),
    sessions: z.array(adminSessionSchema),
    audit: z.array(auditEntrySchema),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * `PATCH /api/admin/users/{id}` → 200 AdminUserDetail. `role` replaces the person's roles with
 * that one (and `user`); `suspended: true` ends all their sessions at once and refuses their
 * sign-in (403 `account_suspended`) until `suspended: false`; `resetPinLock: true` clears wrong PIN
 * entries and the lock. At least one field. An admin changing their own role or suspending
 * themselves → 409 `admin_self_change`. Every change is audited.
 */
export const adminUserPatchSchema = z
  .object({
    role: z.enum(STORED_ROLES).optional(),
    userLevel: z.enum(USER_LEVELS).optional(),
    suspended: z.boolean().optional(),
    resetPinLock: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'validation.required')
  .meta({ id: 'AdminUserPatch' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Impersonation

/** An impersonation lasts at most this long; it ends by itself then. */
export const IMPERSONATION_MAX_MINUTES = 15;

/**
 * While impersonating, the admin's session acts as the person, read-only: every state-changing
 * request (POST, PUT, PATCH, DELETE other than ending it) → 403 `impersonation_read_only`, audited.
 * `GET /api/auth/session` carries it as `impersonation` (null otherwise), for the banner.
 */
export const impersonationSchema = z
  .object({
    id: z.uuid(),
    adminId: z.uuid(),
    adminEmail: z.string(),
    userId: z.uuid(),
    userEmail: z.string(),
    userName: z.string().nullable(),
    startedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'Impersonation' });
export type Impersonation = z.infer<typeof impersonationSchema>;

/**
 * `POST /api/admin/users/{id}/impersonation` {reason?} → 201 Impersonation. Oneself, another
 * admin, a suspended or deleted account → 409 `impersonation_not_allowed`; already impersonating →
 * 409 `impersonation_active`. `DELETE /api/admin/impersonation` → 204; none running → 409
 * `impersonation_not_active`.
 */
export const startImpersonationRequestSchema = z
  .object({ reason: safeText().max(200).optional() })
  .meta({ id: 'StartImpersonationRequest' });
export type StartImpersonationRequest = z.infer<typeof startImpersonationRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Finances and reconciliation

export const RECONCILIATION_DIFFERENCE_KINDS = ['currency_sum', 'account_balance'] as const;

/**
 * One thing that does not add up: the balances of a currency that do not sum to zero
 * (`currency_sum`: expected 0, actual the sum), or an account whose stored balance differs from
 * the sum of its transfers (`account_balance`: expected the transfers, actual the balance).
 */
export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  currency: currencySchema,
  accountId: z.number().int().nullable(),
  accountKind: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  expectedMinor: minorSchema,
  actualMinor: minorSchema,
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** `POST /api/admin/reconciliation` → 200 {ok, differences}: ok when there is none. Audited. */
export const reconciliationResultSchema = z
  .object({
    ok: z.boolean(),
    checkedAt: z.iso.datetime(),
    accountsChecked: z.number().int().min(0),
    totals: z.array(z.object({ currency: currencySchema, sumMinor: minorSchema })),
    differences: z.array(reconciliationDifferenceSchema),
  })
  .meta({ id: 'ReconciliationResult' });
export type ReconciliationResult = z.infer<typeof reconciliationResultSchema>;

/**
 * `GET /api/admin/finances` → the platform's system accounts (clearing, payouts, fees = revenue,
 * market) and, per currency, what people hold in all.
 */
export const adminFinancesSchema = z
  .object({
    systemAccounts: z.array(adminBalanceSchema),
    totals: z.array(
      z.object({
        currency: currencySchema,
        /** What people hold (wallets, goals, investments, pending). */
        peopleMinor: minorSchema,
        /** What the system accounts hold (negative: money that came in from outside). */
        systemMinor: minorSchema,
      }),
    ),
  })
  .meta({ id: 'AdminFinances' });
export type AdminFinances = z.infer<typeof adminFinancesSchema>;

/** `GET /api/admin/system` → the live configuration, read-only. */
export const adminSystemSchema = z
  .object({
    limits: z.record(z.string(), z.unknown()),
    settlementDelaySeconds: z.number().int().min(0),
    mail: z.enum(['smtp', 'outbox']),
    redis: z.boolean(),
  })
  .meta({ id: 'AdminSystem' });
export type AdminSystem = z.infer<typeof adminSystemSchema>;

/** `GET /api/admin/audit?actor=&action=&cursor=&limit=` → newest first. */
export const auditListQuerySchema = z.object({
  actor: z.uuid().optional(),
  action: safeText().max(64).optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListResponseSchema = z
  .object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditList' });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Meta dashboard

/**
 * What the web app logs through `log_user_action` for the meta dashboard to count (errors
 * ignored, spec §7). `quick_tip_viewed` is the denominator of the quick-tip conversion.
 */
export const META_TRACKED_ACTIONS = [
  'sign_in_completed',
  'money_moved',
  'qr_created',
  'error_shown',
  'quick_tip_viewed',
] as const;
export type MetaTrackedAction = (typeof META_TRACKED_ACTIONS)[number];
export const QUICK_TIP_VIEW_ACTION = 'quick_tip_viewed' satisfies MetaTrackedAction;

/** Without `from` and `to`, the meta dashboard counts this many days up to today. */
export const META_OVERVIEW_DEFAULT_DAYS = 30;

/** The longest period the meta dashboard counts over. */
export const META_OVERVIEW_MAX_DAYS = 366;

/**
 * `GET /api/meta/overview?from=&to=` (UTC dates, inclusive; the last 30 days without them; longer
 * than META_OVERVIEW_MAX_DAYS → 400 `validation_failed`). What
 * comes back depends on the level that `can_access_meta_dashboard` answers: `business` → only
 * `business` (the person's own figures); `product` (pro, expert) → `product`; `admin` → all three.
 * No access → 403 `forbidden` with `details: { permission: 'view_dashboard' }`.
 */
export const metaOverviewQuerySchema = z
  .object({ from: periodDateSchema.optional(), to: periodDateSchema.optional() })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    error: 'validation.periodIncomplete',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'validation.periodOrder',
    path: ['to'],
  })
  .refine(
    (query) => !query.from || !query.to || daysInPeriod(query.from, query.to) <= META_OVERVIEW_MAX_DAYS,
    { error: 'validation.periodTooLong', path: ['to'] },
  );
export type MetaOverviewQuery = z.infer<typeof metaOverviewQuerySchema>;

const dayCountSchema = z.object({ date: z.iso.date(), count: z.number().int().min(0) });
const dayVolumeSchema = z.object({
  date: z.iso.date(),
  currency: currencySchema,
  count: z.number().int().min(0),
  amountMinor: minorSchema,
});

export const metaOverviewSchema = z
  .object({
    accessLevel: z.enum(META_DASHBOARD_ACCESS_LEVELS),
    permissions: z.array(z.string()),
    from: z.iso.date(),
    to: z.iso.date(),
    /** The person's own figures: tips received per day, their QR codes' scans, their totals. */
    business: z
      .object({
        tipsReceived: z.array(dayVolumeSchema),
        qrScans: z.number().int().min(0),
      })
      .nullable(),
    /** Product analytics: sign-ups, active people, tips and volume per day, quick-tip conversion. */
    product: z
      .object({
        signUps: z.array(dayCountSchema),
        activePeople: z.array(dayCountSchema),
        tips: z.array(dayVolumeSchema),
        /** Money moved per day (every completed outgoing movement). */
        volume: z.array(dayVolumeSchema),
        /** Actions the apps logged (log_user_action), by name. */
        actions: z.array(z.object({ actionType: z.string(), count: z.number().int().min(0) })),
        quickTip: z.object({
          pageViews: z.number().int().min(0),
          tips: z.number().int().min(0),
          /** tips ÷ page views in basis points (1/100 of a per cent); null with no view. */
          conversionBasisPoints: z.number().int().min(0).nullable(),
        }),
      })
      .nullable(),
    /** Platform totals (admin only). */
    platform: z
      .object({
        people: z.number().int().min(0),
        suspended: z.number().int().min(0),
        totals: z.array(z.object({ currency: currencySchema, peopleMinor: minorSchema })),
      })
      .nullable(),
  })
  .meta({ id: 'MetaOverview' });
export type MetaOverview = z.infer<typeof metaOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Observatory

export const SERVICE_STATUSES = ['up', 'down', 'not_configured'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Route groups the request histogram counts by: the first path segment after /api. */
export const routeStatsSchema = z.object({
  group: z.string(),
  /** Requests in the last minute. */
  requestsPerMinute: z.number().int().min(0),
  /** Answers with status 5xx in the last minute, per thousand requests. */
  errorRatePerMille: z.number().int().min(0).max(1000),
  p50Ms: z.number().int().min(0),
  p95Ms: z.number().int().min(0),
  p99Ms: z.number().int().min(0),
  /** Since the process started. */
  totalRequests: z.number().int().min(0),
});
export type RouteStats = z.infer<typeof routeStatsSchema>;

export const invariantCheckSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime(),
  differences: z.number().int().min(0),
});

/** System metrics: only for roles with the `systemMetrics` capability (null for others). */
export const systemMetricsSchema = z.object({
  cpuUserMicros: z.number().int().min(0),
  cpuSystemMicros: z.number().int().min(0),
  rssBytes: z.number().int().min(0),
  heapUsedBytes: z.number().int().min(0),
  eventLoopLagP99Ms: z.number().int().min(0),
  uptimeSeconds: z.number().int().min(0),
  dbPool: z
    .object({
      total: z.number().int().min(0),
      idle: z.number().int().min(0),
      waiting: z.number().int().min(0),
    })
    .nullable(),
});
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;

/**
 * `GET /api/observatory` (signed in) → live platform health. `GET /api/observatory/events`: SSE;
 * each message's `event:` is `snapshot` and its `data:` this JSON, every OBSERVATORY_TICK_SECONDS.
 */
export const observatorySnapshotSchema = z
  .object({
    generatedAt: z.iso.datetime(),
    services: z.object({
      database: z.enum(SERVICE_STATUSES),
      redis: z.enum(SERVICE_STATUSES),
      mail: z.enum(SERVICE_STATUSES),
    }),
    routes: z.array(routeStatsSchema),
    /** Money movements (ledger transfers) per minute over the last OBSERVATORY_MINUTES, oldest first. */
    moneyMovements: z.array(z.object({ minute: z.iso.datetime(), count: z.number().int().min(0) })),
    /** The last run of the every-minute ledger invariant check; null before the first one. */
    invariant: invariantCheckSchema.nullable(),
    system: systemMetricsSchema.nullable(),
  })
  .meta({ id: 'ObservatorySnapshot' });
export type ObservatorySnapshot = z.infer<typeof observatorySnapshotSchema>;

export const OBSERVATORY_TICK_SECONDS = 5;
export const OBSERVATORY_MINUTES = 30;

export const observatoryEventSchema = z.object({
  type: z.literal('snapshot'),
  snapshot: observatorySnapshotSchema,
});
export type ObservatoryEvent = z.infer<typeof observatoryEventSchema>;
