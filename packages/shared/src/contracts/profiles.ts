import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { META_DASHBOARD_ACCESS_LEVELS, USER_LEVELS } from '../roles.ts';
import { safeText, safeWebAddress } from '../safe-text.ts';
import {
  DELETE_CONFIRMATION_WORD,
  phoneSchema,
  secretTextSchema,
  timeZoneSchema,
  ztartagSchema,
} from '../validation.ts';
import { currencySchema } from './wallet.ts';

/** `GET /api/public/profiles/:ztartag`: the tag is compared case-insensitively. */
export const publicProfileParamsSchema = z.object({ ztartag: ztartagSchema });
export type PublicProfileParams = z.infer<typeof publicProfileParamsSchema>;

/** What anyone may see of a person who can receive tips: never email, phone or other private fields. */
export const publicProfileSchema = z
  .object({
    ztartag: z.string(),
    fullName: z.string().max(TEXT_LIMITS.name).nullable(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The signed-in person's own profile (`GET /api/profiles/me`, and inside the session). */
export const ownProfileSchema = z
  .object({
    id: z.uuid(),
    userLevel: z.enum(USER_LEVELS),
    ztartag: z.string().nullable(),
    ztartagPlan: z.string(),
    fullName: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    birthday: z.iso.date().nullable(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    website: z.string().nullable(),
    socialLinks: z.record(z.string(), z.string()),
    avatarUrl: z.string().nullable(),
    language: z.enum(LANGUAGES),
    /** IANA time zone: where the person's months and days begin (budgets, month totals). */
    timeZone: z.string(),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(options).max(max, 'validation.tooLong').nullable().optional();
const webAddressSchema = safeWebAddress({ max: 200 });

/**
 * `PUT /api/profiles/me/avatar` takes the raw image as its body (Content-Type image/png,
 * image/jpeg, image/webp or image/gif, at most AVATAR_MAX_BYTES → else 413) and answers the
 * updated OwnProfile; the photo is re-encoded to a square WebP without any metadata. An empty
 * body → 400 `image_required`; anything that is not one of those images → 415 `image_invalid`.
 * `DELETE /api/profiles/me/avatar` → the updated OwnProfile.
 *
 * `PATCH /api/profiles/me` — only the fields sent change. Email changes go through
 * `/api/auth/change-email` (verification), phone changes through `/api/auth/phone/*`.
 */
export const updateProfileRequestSchema = z
  .object({
    ztartag: ztartagSchema.optional(),
    fullName: optionalText(TEXT_LIMITS.name),
    username: optionalText(TEXT_LIMITS.name),
    birthday: z.iso.date('validation.date').nullable().optional(),
    location: optionalText(TEXT_LIMITS.name),
    bio: optionalText(TEXT_LIMITS.bio, { multiline: true }),
    website: webAddressSchema.nullable().optional(),
    socialLinks: z
      .record(safeText({ trim: false }).max(30), webAddressSchema)
      .refine((links) => Object.keys(links).length <= 10, 'validation.tooMany')
      .optional(),
    language: z.enum(LANGUAGES).optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `GET /api/profiles/:id` (own, or any for an admin) → OwnProfile. */
export const profileIdParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/avatars/:id` → the photo as image/webp; the id changes with every upload. */
export const avatarParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/ztartags/:tag` — an invalid tag → 400 `validation_failed`. */
export const ztartagParamsSchema = z.object({ tag: ztartagSchema });
/** `GET /api/ztartags/suggestion?from=` — an email address or a name. */
export const ztartagSuggestionQuerySchema = z.object({ from: safeText().min(1).max(254) });

/** `GET /api/ztartags/:tag` → whether a tag is free (the asker's own tag counts as available). */
export const ztartagAvailabilityResponseSchema = z
  .object({ available: z.boolean() })
  .meta({ id: 'ZtartagAvailability' });
/** `GET /api/ztartags/suggestion?from=<email or name>` → a free tag to offer at sign-up. */
export const ztartagSuggestionResponseSchema = z
  .object({ suggestion: z.string() })
  .meta({ id: 'ZtartagSuggestion' });

/**
 * `DELETE /api/profiles/me` → 204; personal data removed or anonymised, audit and money history
 * kept. A confirmation other than DELETE → 400 `delete_confirmation_failed`; a wrong password →
 * 403 `current_password_incorrect`; money still held → 409 `balance_not_empty`
 * ({@link balanceNotEmptyDetailsSchema}); money still held by a business the person owns → 409
 * `business_balance_not_empty` ({@link businessBalanceNotEmptyDetailsSchema}). Deleting an owner's
 * account closes their businesses: nothing pays into them any more.
 */
export const deleteAccountRequestSchema = z
  .object({
    confirmation: secretTextSchema.refine(
      (word) => word === DELETE_CONFIRMATION_WORD,
      'validation.deleteConfirmation',
    ),
    password: secretTextSchema.min(1),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * Money a person still has with us, which stops their account from being deleted:
 * `available` in the wallet, `pending` on its way in (a card deposit or a tip not settled yet),
 * `held` on its way out (a withdrawal not paid out yet, which comes back if the bank returns it),
 * `goals` put aside in savings goals (taken out to the wallet first),
 * `invested` in the simulated market (what the person's positions cost; selling brings it back).
 */
export const HELD_MONEY_KINDS = ['available', 'pending', 'held', 'goals', 'invested'] as const;
export type HeldMoneyKind = (typeof HELD_MONEY_KINDS)[number];

export const heldMoneySchema = z
  .object({
    kind: z.enum(HELD_MONEY_KINDS),
    currency: currencySchema,
    amountMinor: z.number().int().positive(),
  })
  .meta({ id: 'HeldMoney' });
export type HeldMoney = z.infer<typeof heldMoneySchema>;

/** `details` of 409 `balance_not_empty`: every amount still held, never empty. */
export const balanceNotEmptyDetailsSchema = z
  .object({ balances: z.array(heldMoneySchema).min(1) })
  .meta({ id: 'BalanceNotEmptyDetails' });
export type BalanceNotEmptyDetails = z.infer<typeof balanceNotEmptyDetailsSchema>;

/** `details` of 409 `business_balance_not_empty`: each business of the person's that still holds money. */
export const businessBalanceNotEmptyDetailsSchema = z
  .object({
    businesses: z
      .array(z.object({ businessId: z.uuid(), name: z.string(), balances: z.array(heldMoneySchema).min(1) }))
      .min(1),
  })
  .meta({ id: 'BusinessBalanceNotEmptyDetails' });
export type BusinessBalanceNotEmptyDetails = z.infer<typeof businessBalanceNotEmptyDetailsSchema>;

/** `GET /api/user-roles/:userId` — the spec's "Read user_roles" (own, or any for an admin). */
export const userRolesParamsSchema = z.object({ userId: z.uuid() });
export const userRolesResponseSchema = z.object({ roles: z.array(z.string()) }).meta({ id: 'UserRoles' });

/**
 * `POST /api/rpc/can_access_meta_dashboard` (spec §7; signed in; oneself, or anyone for an admin,
 * else 403 `forbidden`) → the spec's answer: admin → level `admin`; business or enterprise user
 * level → `business`; anyone else → no access.
 */
export const canAccessMetaDashboardRequestSchema = z
  .object({ p_user_id: z.uuid() })
  .meta({ id: 'CanAccessMetaDashboardRequest' });
export const metaDashboardAccessResponseSchema = z
  .object({
    has_access: z.boolean(),
    access_level: z.enum(META_DASHBOARD_ACCESS_LEVELS).nullable(),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'MetaDashboardAccess' });
export type MetaDashboardAccessResponse = z.infer<typeof metaDashboardAccessResponseSchema>;

/** Phone numbers kept in E.164, as typed by the person. */
export const phoneOnlySchema = phoneSchema;
