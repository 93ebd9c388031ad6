import { z } from 'zod';
import {
  BUSINESS_STATUSES,
  type BusinessPermission,
  businessPermissions,
  MEMBER_APPROVAL_STATUSES,
  membershipCounts,
} from '../business.ts';
import { AMOUNT_LIMITS, TEXT_LIMITS } from '../limits.ts';
import { isBusinessLevel, type UserLevel } from '../roles.ts';
import { safeText, safeWebAddress } from '../safe-text.ts';
import { emailSchema, ztartagSchema } from '../validation.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * Businesses and teams (issue 17, decision 0039). A business has one owner (who needs the business
 * or enterprise level to create it), members invited by ztartag or email, its own wallet (ledger
 * accounts per currency), QR codes and a tip link `/quick-tip?to=<tag>` that pay into that wallet.
 * The server checks every business route against BUSINESS_ROUTE_PERMISSIONS; a person who lacks
 * the permission gets 403 `forbidden` with `details: { permission }`.
 */

// ---------------------------------------------------------------------------------------------
// Permissions (spec §6): the one table, used by the server guard and by the web app.
// ---------------------------------------------------------------------------------------------

export const BUSINESS_PERMISSIONS = [
  'manageTeam',
  'inviteMembers',
  'removeMembers',
  'configurePayments',
  'configureBusiness',
  'managePolicies',
  'manageBranding',
  'manageRoles',
  'manageIntegrations',
  'manageCampaigns',
  'viewTeamAnalytics',
  'viewRevenue',
  'exportFinancials',
  'manageContent',
  'viewInsights',
  'manageTips',
  'manageWallets',
  'manageQrCodes',
  'viewAnalytics',
] as const satisfies readonly BusinessPermission[];
export const businessPermissionSchema = z.enum(BUSINESS_PERMISSIONS);

/**
 * What an enterprise owner may give a custom role: the permissions of every business user and the
 * "owner or enterprise" ones of spec §6. Running the team, payments and settings stay the owner's.
 */
export const CUSTOM_ROLE_GRANTABLE_PERMISSIONS = [
  'viewTeamAnalytics',
  'viewRevenue',
  'exportFinancials',
  'manageContent',
  'viewInsights',
  'manageTips',
  'manageWallets',
  'manageQrCodes',
  'viewAnalytics',
] as const satisfies readonly BusinessPermission[];
export const customRolePermissionSchema = z.enum(CUSTOM_ROLE_GRANTABLE_PERMISSIONS);

/** Built-in roles of a membership; an enterprise business adds custom roles (`custom:<roleId>` is never sent: see `customRoleId`). */
export const BUSINESS_MEMBER_ROLES = ['owner', 'member'] as const;
export type BusinessMemberRole = (typeof BUSINESS_MEMBER_ROLES)[number];

export interface BusinessAccessSubject {
  /** `owner` for the business's owner, `member` for anyone with a membership row, null for anyone else. */
  role: BusinessMemberRole | null;
  /** The owner's user_level: the business's plan. */
  ownerLevel: UserLevel | null;
  businessStatus: string;
  /** The membership's approval status (the owner's is `approved`). */
  approvalStatus: string | null;
  /** The permissions of the member's custom role, if any (only an enterprise business has them). */
  customPermissions?: readonly string[];
}

/**
 * A person's permissions in one business (spec §6, §4). Nothing counts unless the membership is
 * approved, the business active and its owner on business or enterprise. The owner then gets what
 * the business helper gives an owner of an active business at their level (enterprise adds roles,
 * integrations and campaigns); a member gets what every business user gets, plus what their custom
 * role grants when the business is on enterprise.
 */
export function businessAccess(subject: BusinessAccessSubject): Set<BusinessPermission> {
  if (subject.role === null || subject.approvalStatus === null) return new Set();
  if (!membershipCounts(subject.approvalStatus, subject.businessStatus)) return new Set();
  if (!isBusinessLevel(subject.ownerLevel)) return new Set();
  if (subject.role === 'owner') {
    return businessPermissions({ userLevel: subject.ownerLevel, ownsActiveBusiness: true });
  }
  const granted = businessPermissions({ userLevel: 'business', ownsActiveBusiness: false });
  if (subject.ownerLevel === 'enterprise') {
    for (const permission of subject.customPermissions ?? []) {
      if ((CUSTOM_ROLE_GRANTABLE_PERMISSIONS as readonly string[]).includes(permission)) {
        granted.add(permission as BusinessPermission);
      }
    }
  }
  return granted;
}

/**
 * The permission each business route needs (the server guard reads this table; the web app hides
 * what a person cannot do with it). Routes not listed here are not guarded by a permission:
 * `GET|POST /api/businesses` (one's own list; creating needs the level), invitations answered by
 * the invitee, and `DELETE /api/businesses/{id}/members/{userId}` by the member themself (leaving).
 * `PATCH /api/businesses/{id}` needs, besides `configureBusiness`, the permission of each field
 * group it changes (BUSINESS_FIELD_PERMISSIONS).
 */
export const BUSINESS_ROUTE_PERMISSIONS = {
  'GET /api/businesses/:id': 'viewAnalytics',
  'PATCH /api/businesses/:id': 'configureBusiness',
  'PUT /api/businesses/:id/logo': 'manageBranding',
  'DELETE /api/businesses/:id/logo': 'manageBranding',
  'GET /api/businesses/:id/members': 'manageTeam',
  'POST /api/businesses/:id/invitations': 'inviteMembers',
  'DELETE /api/businesses/:id/invitations/:invitationId': 'inviteMembers',
  'PATCH /api/businesses/:id/members/:userId': 'manageTeam',
  'DELETE /api/businesses/:id/members/:userId': 'removeMembers',
  'GET /api/businesses/:id/roles': 'manageRoles',
  'POST /api/businesses/:id/roles': 'manageRoles',
  'DELETE /api/businesses/:id/roles/:roleId': 'manageRoles',
  'GET /api/businesses/:id/wallet': 'manageWallets',
  'GET /api/businesses/:id/transactions': 'manageWallets',
  'POST /api/businesses/:id/distributions': 'configurePayments',
  'GET /api/businesses/:id/qr-codes': 'manageQrCodes',
  'POST /api/businesses/:id/qr-codes': 'manageQrCodes',
  'GET /api/businesses/:id/webhooks': 'manageIntegrations',
  'POST /api/businesses/:id/webhooks': 'manageIntegrations',
  'DELETE /api/businesses/:id/webhooks/:webhookId': 'manageIntegrations',
  'GET /api/businesses/:id/webhooks/:webhookId/deliveries': 'manageIntegrations',
  'GET /api/businesses/:id/qr-codes/:qrCodeId/image.png': 'manageQrCodes',
  'GET /api/businesses/:id/qr-codes/:qrCodeId/image.svg': 'manageQrCodes',
  'GET /api/businesses/:id/insights': 'viewRevenue',
  'GET /api/businesses/:id/exports/financials.csv': 'exportFinancials',
  'GET /api/businesses/:id/exports/financials.pdf': 'exportFinancials',
  'GET /api/businesses/:id/campaigns': 'manageCampaigns',
  'POST /api/businesses/:id/campaigns': 'manageCampaigns',
  'GET /api/businesses/:id/campaigns/:campaignId': 'manageCampaigns',
  'POST /api/businesses/:id/webhooks/:webhookId/test': 'manageIntegrations',
  'GET /api/businesses/:id/api-keys': 'manageIntegrations',
  'POST /api/businesses/:id/api-keys': 'manageIntegrations',
  'DELETE /api/businesses/:id/api-keys/:keyId': 'manageIntegrations',
} as const satisfies Record<string, BusinessPermission>;
export type BusinessRoute = keyof typeof BUSINESS_ROUTE_PERMISSIONS;

/** Which permission each group of business fields needs to be changed. */
export const BUSINESS_FIELD_PERMISSIONS = {
  name: 'configureBusiness',
  currency: 'configureBusiness',
  brandColor: 'manageBranding',
  message: 'manageBranding',
  policies: 'managePolicies',
  minimumTipMinor: 'managePolicies',
} as const satisfies Record<string, BusinessPermission>;

// ---------------------------------------------------------------------------------------------
// Businesses
// ---------------------------------------------------------------------------------------------

export const businessStatusSchema = z.enum(BUSINESS_STATUSES);
export const approvalStatusSchema = z.enum(MEMBER_APPROVAL_STATUSES);
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const BUSINESS_TEXT_LIMITS = { message: TEXT_LIMITS.tipMessage, policies: 4_000 } as const;

const businessNameSchema = safeText()
  .min(1, 'validation.required')
  .max(TEXT_LIMITS.name, 'validation.tooLong');
const brandColorSchema = safeText().toLowerCase().regex(BRAND_COLOR_PATTERN, 'validation.color');

export { type BusinessBranding, businessBrandingSchema } from './qr-codes.ts';

export const businessSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The business's tip tag, in the same namespace as ztartags: `/quick-tip?to=<tag>`. */
    tag: z.string(),
    currency: currencySchema,
    /**
     * The logo's address (`/api/avatars/{id}`), or null. `PUT /api/businesses/{id}/logo` with the
     * raw image as the body (like a profile photo: png, jpeg, webp, gif; at most 5 MB) sets it,
     * `DELETE` removes it; both answer the Business.
     */
    logoUrl: z.string().nullable(),
    brandColor: z.string().nullable(),
    message: z.string().nullable(),
    /** The tip-sharing policy text shown to the team. */
    policies: z.string().nullable(),
    minimumTipMinor: z.number().int().nullable(),
    status: businessStatusSchema,
    ownerId: z.uuid(),
    /** The owner's level, which is the business's plan (limits follow it). */
    plan: z.enum(['business', 'enterprise', 'none']),
    limits: z.object({ teamMembers: z.number().int(), qrCodes: z.number().int() }),
    /** The asking person's role and approval status, and what they may do here. */
    myRole: z.enum(BUSINESS_MEMBER_ROLES),
    myApprovalStatus: approvalStatusSchema,
    myPermissions: z.array(businessPermissionSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof businessSchema>;

/** `GET /api/businesses` → the businesses the person owns or belongs to (any status), oldest first. */
export const businessListResponseSchema = z
  .object({ items: z.array(businessSchema) })
  .meta({ id: 'BusinessList' });
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;

/**
 * `POST /api/businesses` → 201 Business. Without the business or enterprise level → 403
 * `business_level_required`; a tag already taken (by a person or a business) → 409 `ztartag_taken`.
 */
export const createBusinessRequestSchema = z
  .object({ name: businessNameSchema, tag: ztartagSchema, currency: currencySchema })
  .meta({ id: 'CreateBusinessRequest' });
export type CreateBusinessRequest = z.infer<typeof createBusinessRequestSchema>;

/** `PATCH /api/businesses/{id}` → Business. null clears an optional field. */
export const updateBusinessRequestSchema = z
  .object({
    name: businessNameSchema.optional(),
    currency: currencySchema.optional(),
    brandColor: brandColorSchema.nullable().optional(),
    message: safeText({ multiline: true })
      .max(BUSINESS_TEXT_LIMITS.message, 'validation.tooLong')
      .nullable()
      .optional(),
    policies: safeText({ multiline: true })
      .max(BUSINESS_TEXT_LIMITS.policies, 'validation.tooLong')
      .nullable()
      .optional(),
    /**
     * At most the quick-tip maximum (AMOUNT_LIMITS.quickTipMaxMinor): a higher minimum would refuse
     * every card tip. Above it → 400 `validation_failed` (`validation.amountMax`).
     */
    minimumTipMinor: amountMinorSchema
      .max(AMOUNT_LIMITS.quickTipMaxMinor, 'validation.amountMax')
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'validation.required',
  })
  .meta({ id: 'UpdateBusinessRequest' });
export type UpdateBusinessRequest = z.infer<typeof updateBusinessRequestSchema>;

export const businessParamsSchema = z.object({ id: z.uuid() });
export const businessMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export const businessRoleParamsSchema = z.object({ id: z.uuid(), roleId: z.uuid() });
export const businessInvitationParamsSchema = z.object({ id: z.uuid() });
export const businessInvitationOfBusinessParamsSchema = z.object({ id: z.uuid(), invitationId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Members, invitations and custom roles
// ---------------------------------------------------------------------------------------------

export const businessMemberSchema = z
  .object({
    userId: z.uuid(),
    ztartag: z.string().nullable(),
    fullName: z.string().nullable(),
    role: z.enum(BUSINESS_MEMBER_ROLES),
    /** The custom role (enterprise only), or null. */
    customRoleId: z.uuid().nullable(),
    approvalStatus: approvalStatusSchema,
    joinedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BusinessMember' });
export type BusinessMember = z.infer<typeof businessMemberSchema>;

/** An invitation not yet answered (its invitee may have no account yet when invited by email). */
export const businessInvitationSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    businessName: z.string(),
    /** Who was invited: their ztartag, or the email address for someone invited by email. */
    invitee: z.string(),
    customRoleId: z.uuid().nullable(),
    status: approvalStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BusinessInvitation' });
export type BusinessInvitation = z.infer<typeof businessInvitationSchema>;

/**
 * `GET /api/businesses/{id}/members` → the team: approved and pending members (the owner first)
 * and the invitations sent by email to people who have no account yet. `used` counts everyone but
 * the owner who is approved or pending: the figure the team-member limit applies to.
 */
export const businessMemberListResponseSchema = z
  .object({
    items: z.array(businessMemberSchema),
    invitations: z.array(businessInvitationSchema),
    used: z.number().int(),
    max: z.number().int(),
  })
  .meta({ id: 'BusinessMemberList' });
export type BusinessMemberListResponse = z.infer<typeof businessMemberListResponseSchema>;

/**
 * `POST /api/businesses/{id}/invitations` → 201 BusinessInvitation; the invitee gets a
 * notification (by ztartag) or a mail through the outbox (by email). Over the plan's team-member
 * limit → 422 `limit_exceeded` `{ limit: 'teamMembers', max }`; an unknown ztartag → 404
 * `recipient_user_not_found`; someone already in the team or invited → 409 `conflict`; the owner
 * → 400 `recipient_is_self`. `customRoleId` only on an enterprise business.
 */
export const createInvitationRequestSchema = z
  .union([
    z.object({ ztartag: ztartagSchema, customRoleId: z.uuid().optional() }),
    z.object({ email: emailSchema, customRoleId: z.uuid().optional() }),
  ])
  .meta({ id: 'CreateBusinessInvitationRequest' });
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

/** `GET /api/business-invitations` → the invitations waiting for the signed-in person's answer. */
export const myInvitationsResponseSchema = z
  .object({ items: z.array(businessInvitationSchema) })
  .meta({ id: 'MyBusinessInvitations' });
export type MyInvitationsResponse = z.infer<typeof myInvitationsResponseSchema>;

/**
 * `POST /api/business-invitations/{id}/accept` and `/decline` → BusinessInvitation as answered.
 * Only the invitee (by account, or by the verified email it was sent to) may answer; anyone else
 * → 404 `not_found`. Accepting over the limit (the plan went down since) → 422 `limit_exceeded`.
 */
export const answerInvitationResponseSchema = businessInvitationSchema;

/**
 * `DELETE /api/businesses/{id}/invitations/{invitationId}` → 204: the owner takes back an
 * invitation not yet answered (by ztartag or email); it can no longer be accepted. One already
 * answered, or another business's → 404 `not_found`.
 */

/** `PATCH /api/businesses/{id}/members/{userId}` → BusinessMember: gives or takes a custom role. */
export const updateMemberRequestSchema = z
  .object({ customRoleId: z.uuid().nullable() })
  .meta({ id: 'UpdateBusinessMemberRequest' });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const businessRoleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    permissions: z.array(customRolePermissionSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BusinessRole' });
export type BusinessRole = z.infer<typeof businessRoleSchema>;

export const businessRoleListResponseSchema = z
  .object({ items: z.array(businessRoleSchema) })
  .meta({ id: 'BusinessRoleList' });

/** `POST /api/businesses/{id}/roles` → 201 BusinessRole (enterprise only: `manageRoles`). */
export const createBusinessRoleRequestSchema = z
  .object({
    name: businessNameSchema,
    permissions: z.array(customRolePermissionSchema).max(CUSTOM_ROLE_GRANTABLE_PERMISSIONS.length),
  })
  .meta({ id: 'CreateBusinessRoleRequest' });
export type CreateBusinessRoleRequest = z.infer<typeof createBusinessRoleRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Wallet and distributions
// ---------------------------------------------------------------------------------------------

/** `GET /api/businesses/{id}/wallet` → what the business holds, per currency (currencies it never held are left out). */
export const businessWalletResponseSchema = z
  .object({
    balances: z.array(z.object({ currency: currencySchema, availableMinor: z.number().int() })),
  })
  .meta({ id: 'BusinessWallet' });
export type BusinessWalletResponse = z.infer<typeof businessWalletResponseSchema>;

export const DISTRIBUTION_RULES = ['equal', 'percentages', 'hours'] as const;
export type DistributionRule = (typeof DISTRIBUTION_RULES)[number];
/** Percentages are sent in basis points (hundredths of a percent): they add up to this. */
export const PERCENT_BASIS_POINTS = 10_000;
/** Hours worked are sent in minutes, at most this many per member. */
export const DISTRIBUTION_MAX_MINUTES = 744 * 60;

export const distributionShareSchema = z.object({
  userId: z.uuid(),
  /** percentages: basis points (0–10,000, all adding up to 10,000); hours: minutes worked; equal: ignored (1). */
  weight: z.number().int().min(0).max(DISTRIBUTION_MAX_MINUTES).optional(),
});

/**
 * `POST /api/businesses/{id}/distributions` (Idempotency-Key required unless `preview`) → 201
 * Distribution (200 for a preview, which moves nothing). Shares the business wallet's money
 * among approved members: `shares` names who (by default, for `equal`, every approved member but
 * the owner) and their weight. Each share is the floor of amount × weight ÷ total weight; the minor
 * units left over go one each to the largest remainders (ties: the order of `shares`). The whole
 * distribution is one ledger movement: all of it or nothing. Above what the business holds → 422
 * `insufficient_balance`; a share for someone who is not an approved member → 422 `validation_failed`.
 */
export const distributionRequestSchema = z
  .object({
    rule: z.enum(DISTRIBUTION_RULES),
    shares: z.array(distributionShareSchema).min(1).max(50).optional(),
    amountMinor: amountMinorSchema,
    currency: currencySchema,
    /** Why (each member sees it with their share). */
    reason: safeText().max(TEXT_LIMITS.note, 'validation.tooLong').optional(),
    preview: z.boolean().optional(),
  })
  .meta({ id: 'DistributionRequest' });
export type DistributionRequest = z.infer<typeof distributionRequestSchema>;

export const distributionSchema = z
  .object({
    /** null for a preview. */
    id: z.uuid().nullable(),
    preview: z.boolean(),
    rule: z.enum(DISTRIBUTION_RULES),
    amountMinor: z.number().int(),
    currency: currencySchema,
    reason: z.string().nullable(),
    items: z.array(
      z.object({
        userId: z.uuid(),
        ztartag: z.string().nullable(),
        fullName: z.string().nullable(),
        weight: z.number().int(),
        amountMinor: z.number().int(),
      }),
    ),
    createdAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Distribution' });
export type Distribution = z.infer<typeof distributionSchema>;

/**
 * The split of a distribution (integers only): floor of each share, then one minor unit each to
 * the largest remainders, ties in the order given. Weights that add up to 0 give nothing.
 */
export function splitByWeights(amountMinor: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const big = BigInt(amountMinor);
  const bigTotal = BigInt(total);
  const floors = weights.map((weight) => (big * BigInt(weight)) / bigTotal);
  const remainders = weights.map((weight, index) => ({ index, rest: (big * BigInt(weight)) % bigTotal }));
  let left = big - floors.reduce((sum, part) => sum + part, 0n);
  const order = [...remainders].sort((a, b) =>
    a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1,
  );
  for (const { index } of order) {
    if (left <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map((part) => Number(part));
}

// ---------------------------------------------------------------------------------------------
// Business QR codes and webhooks
// ---------------------------------------------------------------------------------------------

/*
 * `GET|POST /api/businesses/{id}/qr-codes` take and answer the QR code shapes of qr-codes.ts
 * (createQrCodeRequestSchema → 201 QrCode, qrCodeListResponseSchema): the codes belong to the
 * business and their tips go into its wallet. Over the plan's QR code limit → 422
 * `limit_exceeded` `{ limit: 'qrCodes', max }`.
 */

/** Details of 422 `limit_exceeded` on business limits (spec §9). */
export const businessLimitDetailsSchema = z.object({
  limit: z.enum(['teamMembers', 'qrCodes', 'monthlyTransfers', 'businesses', 'webhooks', 'apiKeys']),
  max: z.number().int(),
});
export type BusinessLimitDetails = z.infer<typeof businessLimitDetailsSchema>;

/** Details of 403 `forbidden` on a business route. */
export const forbiddenDetailsSchema = z.object({ permission: businessPermissionSchema });

/**
 * What a webhook may listen to (decision 0047): a tip into the business's wallet, money into it
 * (a transfer to its tag) or out of it (a distribution to the team), and an invoice of the owner's
 * paid. `ping` is only the test event (`POST …/webhooks/{wid}/test`): no one subscribes to it.
 */
export const WEBHOOK_EVENTS = ['tip.received', 'transfer.received', 'transfer.sent', 'invoice.paid'] as const;
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];
export const WEBHOOK_SIGNATURE_HEADER = 'x-ztart-signature';
/** Delays before each retry of a delivery that failed (then it is given up). A ping is not retried. */
export const WEBHOOK_RETRY_SECONDS = [10, 60, 300, 1_800, 7_200] as const;
/** How many webhooks and live API keys one business may have. */
export const WEBHOOKS_PER_BUSINESS = 20;
export const API_KEYS_PER_BUSINESS = 10;

export const webhookSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** Shown once, when the webhook is created; null afterwards. */
    secret: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BusinessWebhook' });
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * `POST /api/businesses/{id}/webhooks` → 201 BusinessWebhook. The address must be `https` on port
 * 443 (in production; elsewhere also `http` on port 80), without a user name or password, and its
 * host a public one: a private, loopback, link-local (the cloud metadata address among them),
 * unique-local, multicast or reserved address, or a name that resolves to one → 422
 * `webhook_address_not_allowed`. The host is resolved again at each delivery and the connection
 * made to the address checked, so a name that later points inward is refused then too. More than
 * WEBHOOKS_PER_BUSINESS → 422 `limit_exceeded` `{ limit: 'webhooks', max }`.
 */
export const createWebhookRequestSchema = z
  .object({
    url: safeWebAddress({ max: 2048 }),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  })
  .meta({ id: 'CreateBusinessWebhookRequest' });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const webhookListResponseSchema = z
  .object({ items: z.array(webhookSchema) })
  .meta({ id: 'BusinessWebhookList' });

/**
 * One event for one webhook and how its tries went: `lastStatus` is the receiver's HTTP status of
 * the last try, null when there was no answer (or the address was refused: `lastError`).
 */
export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    event: z.enum(WEBHOOK_DELIVERY_EVENTS),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    /** Why the last try got no answer: `timeout`, `address_not_allowed` or `network`; null otherwise. */
    lastError: z.enum(['timeout', 'address_not_allowed', 'network']).nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BusinessWebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListResponseSchema = z
  .object({ items: z.array(webhookDeliverySchema) })
  .meta({ id: 'BusinessWebhookDeliveryList' });
export const webhookParamsSchema = z.object({ id: z.uuid(), webhookId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// API keys (enterprise integrations, decision 0047)
// ---------------------------------------------------------------------------------------------

/**
 * A key opens read-only calls to its own business's data, sent as `Authorization: Bearer <key>`:
 * `GET /api/businesses/{id}/wallet` and `GET /api/businesses/{id}/transactions`. Anything else
 * (money above all), another business, or a revoked key → 401 `unauthorized`.
 */
export const API_KEY_PREFIX = 'ztk_';

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters, to recognise it; the key itself is shown once. */
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BusinessApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/businesses/{id}/api-keys` → 201: the key in full, this once (only its hash is kept). */
export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string() })
  .meta({ id: 'CreatedBusinessApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeyRequestSchema = z
  .object({ name: businessNameSchema })
  .meta({ id: 'CreateBusinessApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** `GET /api/businesses/{id}/api-keys` → the live keys, newest first. */
export const apiKeyListResponseSchema = z
  .object({ items: z.array(apiKeySchema) })
  .meta({ id: 'BusinessApiKeyList' });
export const apiKeyParamsSchema = z.object({ id: z.uuid(), keyId: z.uuid() });
