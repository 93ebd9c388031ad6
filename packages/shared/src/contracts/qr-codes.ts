import { z } from 'zod';
import { CARD_BRANDS } from '../cards.ts';
import { isPixKey } from '../emv.ts';
import { LANGUAGES } from '../languages.ts';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import type { Currency } from '../money.ts';
import { QR_SHORT_CODE_PATTERN } from '../patterns.ts';
import { QR_USER_LEVELS } from '../roles.ts';
import { safeText, safeWebAddress } from '../safe-text.ts';
import { isTimeZone } from '../time-zones.ts';
import { emailSchema, phoneSchema, ztartagSchema } from '../validation.ts';
import { addCardRequestSchema } from './payment-methods.ts';
import { publicShowcaseSchema } from './posts.ts';
import { publicProfileSchema } from './profiles.ts';
import { counterpartySchema } from './transactions.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * QR codes and tips (spec §2, §3). A QR code of ours encodes a short link
 * `/q/<code>` (so what it leads to can change without reprinting) or, as an option, an EMV
 * merchant-presented payload (emv.ts) carrying that link or a PIX key.
 */

/** `tip_link`: leads to the receiver's quick-tip page; `payment`: asks a fixed amount. */
export const QR_CODE_KINDS = ['tip_link', 'payment'] as const;
export type QrCodeKind = (typeof QR_CODE_KINDS)[number];

export { QR_SHORT_CODE_PATTERN };
export const QR_CODES_MAX_PER_USER = 100;
export const DYNAMIC_QR_MAX_RULES = 20;
export const QR_URL_MAX_LENGTH = 2048;
/** Half the Earth's circumference: any point is nearer than this. */
export const DYNAMIC_QR_MAX_KM = 20_038;

export const qrShortCodeSchema = safeText({ trim: false }).regex(QR_SHORT_CODE_PATTERN, 'validation.qrCode');

const redirectUrlSchema = safeWebAddress({ max: QR_URL_MAX_LENGTH, maxMessage: 'validation.tooLong' });
const qrMessageSchema = safeText({ multiline: true })
  .min(1, 'validation.required')
  .max(TEXT_LIMITS.note, 'validation.noteMax');
const hourSchema = z.number().int('validation.hour').min(0, 'validation.hour').max(23, 'validation.hour');

/** Where a scan leads: a redirect, a message shown on our page, or both (the message first). */
export const dynamicQrTargetSchema = z.object({
  redirectUrl: redirectUrlSchema.nullable(),
  message: qrMessageSchema.nullable(),
});
export type DynamicQrTarget = z.infer<typeof dynamicQrTargetSchema>;

/** The rules of each condition are in dynamic-qr.ts (hours in the receiver's time zone). */
export const dynamicQrConditionsSchema = z.object({
  time: z.object({ startHour: hourSchema, endHour: hourSchema }).optional(),
  location: z
    .object({
      latitude: z.number().min(-90, 'validation.latitude').max(90, 'validation.latitude'),
      longitude: z.number().min(-180, 'validation.longitude').max(180, 'validation.longitude'),
      maxKm: z.number().positive('validation.distance').max(DYNAMIC_QR_MAX_KM, 'validation.distance'),
    })
    .optional(),
  userLevel: z.enum(QR_USER_LEVELS).optional(),
});

export const dynamicQrRuleSchema = z
  .object({ conditions: dynamicQrConditionsSchema, target: dynamicQrTargetSchema })
  .refine((rule) => rule.target.redirectUrl !== null || rule.target.message !== null, {
    message: 'validation.dynamicTarget',
    path: ['target', 'redirectUrl'],
  });
export type DynamicQrRule = z.infer<typeof dynamicQrRuleSchema>;

/**
 * The dynamic QR manager's settings. Off: a scan goes to the QR code's own page. On: the rules
 * in order, then the default target (redirectUrl / message; both null → the QR code's page).
 */
export const dynamicQrSchema = z
  .object({
    enabled: z.boolean(),
    /** The receiver's IANA time zone for time windows; the app sends the browser's. */
    timeZone: safeText({ trim: false }).max(64).refine(isTimeZone, 'validation.timeZone'),
    redirectUrl: redirectUrlSchema.nullable(),
    message: qrMessageSchema.nullable(),
    rules: z.array(dynamicQrRuleSchema).max(DYNAMIC_QR_MAX_RULES, 'validation.tooMany'),
  })
  .meta({ id: 'DynamicQr' });
export type DynamicQr = z.infer<typeof dynamicQrSchema>;

export const DEFAULT_DYNAMIC_QR: DynamicQr = {
  enabled: false,
  timeZone: 'UTC',
  redirectUrl: null,
  message: null,
  rules: [],
};

const merchantTextSchema = safeText()
  .min(1, 'validation.required')
  .max(TEXT_LIMITS.name, 'validation.tooLong');

/**
 * The EMV payload option. `emv`: our generic profile (the short link under our GUI) in the QR
 * code's currency. `pix`: a static PIX code paying the PIX key in BRL (the QR code's currency
 * must be BRL). Name and city are cut to 25 and 15 ASCII characters in the payload.
 */
export const QR_EMV_PROFILES = ['none', 'emv', 'pix'] as const;
export type QrEmvProfile = (typeof QR_EMV_PROFILES)[number];
export const qrEmvOptionSchema = z
  .discriminatedUnion('profile', [
    z.object({ profile: z.literal('none') }),
    z.object({
      profile: z.literal('emv'),
      merchantName: merchantTextSchema,
      merchantCity: merchantTextSchema,
      /** ISO 3166-1 alpha-2. */
      countryCode: safeText()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'validation.country'),
    }),
    z.object({
      profile: z.literal('pix'),
      pixKey: safeText().refine(isPixKey, 'validation.pixKey'),
      merchantName: merchantTextSchema,
      merchantCity: merchantTextSchema,
    }),
  ])
  .meta({ id: 'QrEmvOption' });
export type QrEmvOption = z.infer<typeof qrEmvOptionSchema>;

export const qrCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    /** The absolute short link `<origin>/q/<code>`. */
    url: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    kind: z.enum(QR_CODE_KINDS),
    /** null: the payer chooses the amount. */
    amountMinor: z.number().int().nullable(),
    currency: currencySchema,
    emv: qrEmvOptionSchema,
    /** The EMV payload when the option is on; the image encodes it instead of `url`. */
    emvPayload: z.string().nullable(),
    dynamic: dynamicQrSchema,
    scanCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'QrCode' });
export type QrCode = z.infer<typeof qrCodeSchema>;

export interface QrCodeConsistencyIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Rules across fields, checked on create and by the server on the merged result of a PATCH:
 * a payment QR code has an amount; a PIX payload pays BRL.
 */
export function qrCodeConsistencyIssues(qr: {
  kind: QrCodeKind;
  amountMinor: number | null;
  currency: Currency;
  emv: QrEmvOption;
}): QrCodeConsistencyIssue[] {
  const issues: QrCodeConsistencyIssue[] = [];
  if (qr.kind === 'payment' && qr.amountMinor === null) {
    issues.push({ path: ['amountMinor'], message: 'validation.amountRequired' });
  }
  if (qr.emv.profile === 'pix' && qr.currency !== 'BRL') {
    issues.push({ path: ['currency'], message: 'validation.pixCurrency' });
  }
  return issues;
}

const qrCodeFields = {
  title: safeText().min(1, 'validation.required').max(TEXT_LIMITS.name, 'validation.tooLong'),
  description: safeText({ multiline: true }).max(TEXT_LIMITS.note, 'validation.noteMax').nullable(),
  kind: z.enum(QR_CODE_KINDS),
  amountMinor: amountMinorSchema.nullable(),
  currency: currencySchema,
  emv: qrEmvOptionSchema,
  dynamic: dynamicQrSchema,
};

/**
 * `POST /api/qr-codes` → 201 QrCode. More than QR_CODES_MAX_PER_USER → 422 `limit_exceeded`
 * (`details: { limit: 'qrCodes', max }`); business levels get the spec §9 limits once businesses
 * exist. An EMV payload that cannot be made → 422 `qr_generation_failed`.
 */
export const createQrCodeRequestSchema = z
  .object({
    ...qrCodeFields,
    description: qrCodeFields.description.optional(),
    kind: qrCodeFields.kind.default('tip_link'),
    amountMinor: qrCodeFields.amountMinor.default(null),
    emv: qrCodeFields.emv.default({ profile: 'none' }),
    dynamic: qrCodeFields.dynamic.optional(),
  })
  .superRefine((body, context) => {
    for (const issue of qrCodeConsistencyIssues(body)) context.addIssue({ code: 'custom', ...issue });
  })
  .meta({ id: 'CreateQrCodeRequest' });
export type CreateQrCodeRequest = z.infer<typeof createQrCodeRequestSchema>;

/**
 * `PATCH /api/qr-codes/{id}` → QrCode; only the fields sent change, the result is checked with
 * qrCodeConsistencyIssues (→ 400 `validation_failed`). Saving the dynamic settings fails as
 * 500 `dynamic_qr_save_failed`. `GET /api/qr-codes/{id}` → QrCode; `DELETE` → 204 (its short
 * link then answers not found). Another person's QR code → 404 `not_found`.
 */
export const updateQrCodeRequestSchema = z
  .object({
    title: qrCodeFields.title.optional(),
    description: qrCodeFields.description.optional(),
    kind: qrCodeFields.kind.optional(),
    amountMinor: qrCodeFields.amountMinor.optional(),
    currency: qrCodeFields.currency.optional(),
    emv: qrCodeFields.emv.optional(),
    dynamic: qrCodeFields.dynamic.optional(),
  })
  .meta({ id: 'UpdateQrCodeRequest' });
export type UpdateQrCodeRequest = z.infer<typeof updateQrCodeRequestSchema>;

export const qrCodeParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/qr-codes` → the person's QR codes, newest first (at most QR_CODES_MAX_PER_USER). */
export const qrCodeListResponseSchema = z.object({ items: z.array(qrCodeSchema) }).meta({ id: 'QrCodeList' });
export type QrCodeListResponse = z.infer<typeof qrCodeListResponseSchema>;

/**
 * `GET /api/qr-codes/{id}/image.png` and `.svg`: a square of `size` pixels (the SVG's viewBox too),
 * error correction M, a quiet zone of 4 modules, encoding `url` (or `emvPayload` when the EMV option
 * is on). `download=1` adds `Content-Disposition: attachment` with a filename made from the title,
 * and labels the image: `size` pixels wide, taller by a title band above the code and the owner's
 * name and "scan to tip" below it (QR_LABEL_TEXTS).
 * Another person's or a deleted QR code → 404 `not_found`.
 *
 * `GET /api/me/qr.png` and `/api/me/qr.svg` (signed in; same query): My QR, the person's tip link
 * `<origin>/quick-tip?to=<ztartag>` (tipLinkPath). A person without a ztartag → 409
 * `ztartag_required`.
 */
export const qrImageQuerySchema = z.object({
  size: z.coerce.number().int().min(128).max(2048).default(512),
  /**
   * A download is labelled: a title above the code, the owner's name and "scan to tip" under it,
   * in `lang` (the person's own language when absent), outside the quiet zone.
   */
  download: z.stringbool().default(false),
  lang: z.enum(LANGUAGES).optional(),
});
export type QrImageQuery = z.infer<typeof qrImageQuerySchema>;

/** The page a short link `/q/<code>` leads to when it shows a message (and a tip button). */
export function qrPagePath(code: string): string {
  return `/qr/${encodeURIComponent(code)}`;
}

/**
 * The quick-tip page of a receiver: `/quick-tip?to=<ztartag>`, plus the QR code scanned and, for a
 * payment QR code, its fixed amount (`amount` in minor units) and currency.
 */
export function tipLinkPath(
  ztartag: string,
  from: { qrCode?: string; amountMinor?: number | null; currency?: Currency } = {},
): string {
  const query = new URLSearchParams({ to: ztartag });
  if (from.qrCode) query.set('qr', from.qrCode);
  if (from.amountMinor != null && from.currency) {
    query.set('amount', String(from.amountMinor));
    query.set('currency', from.currency);
  }
  return `/quick-tip?${query}`;
}

/**
 * `GET /q/{code}?lat=&lon=`: resolves the dynamic rules (dynamic-qr.ts) and redirects; counts a
 * scan. The position is optional (both or neither); without it location rules do not match.
 * The scanner's level comes from their session (signed out: guest). 302 to: the page of the QR code
 * (qrPagePath, with the same `lat`/`lon`) when the resolved target has a message, else its
 * redirectUrl when set, else the quick-tip page (tipLinkPath; a payment QR code adds its amount).
 * Unknown or deleted code → the web app's not-found page, status 404. `GET /@{ztartag}` → 302 to
 * tipLinkPath(ztartag) (any letter case; unknown → the not-found page).
 * `GET /api/public/qr-codes/{code}?lat=&lon=` → PublicQrCode, for our page that shows a message
 * or the quick-tip form of a QR code. Unknown or deleted code → 404 `not_found`.
 */
export const qrShortCodeParamsSchema = z.object({ code: qrShortCodeSchema });
export const qrScanQuerySchema = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lon: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lon === undefined), {
    message: 'validation.coordinates',
    path: ['lon'],
  });
export type QrScanQuery = z.infer<typeof qrScanQuerySchema>;

export const publicQrCodeSchema = z
  .object({
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    kind: z.enum(QR_CODE_KINDS),
    amountMinor: z.number().int().nullable(),
    currency: currencySchema,
    receiver: publicProfileSchema,
    /** The resolved target: where to go next and what to show. */
    redirectUrl: z.string().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'PublicQrCode' });
export type PublicQrCode = z.infer<typeof publicQrCodeSchema>;

/** Preset amounts of the quick-tip page, in minor units of the receiver's currency. */
export const QUICK_TIP_PRESETS_MINOR = [200, 500, 1_000, 2_000] as const;

/** What the quick-tip page shows of a business (its branding). */
export const businessBrandingSchema = z
  .object({
    name: z.string(),
    tag: z.string(),
    /** The business's logo (`/api/avatars/{id}`), or null. */
    logoUrl: z.string().nullable(),
    brandColor: z.string().nullable(),
    message: z.string().nullable(),
    minimumTipMinor: z.number().int().nullable(),
  })
  .meta({ id: 'BusinessBranding' });
export type BusinessBranding = z.infer<typeof businessBrandingSchema>;

/**
 * `GET /api/public/profiles/{ztartag}` (publicProfileParamsSchema) → what the quick-tip page
 * shows: a PublicProfile plus the verified badge, the currency tips to this person are paid in
 * (their wallet currency with the highest total; USD when they hold none) and the quick-tip
 * limits of ARCHITECTURE.md §8 (AMOUNT_LIMITS.quickTipMinMinor / quickTipMaxMinor). Nothing
 * private. Unknown or deleted person → 404 `recipient_user_not_found`.
 */
export const quickTipProfileSchema = publicProfileSchema
  .extend({
    /** Email and phone verified: the page shows a badge. */
    verified: z.boolean(),
    currency: currencySchema,
    minMinor: z.number().int(),
    maxMinor: z.number().int(),
    presetsMinor: z.array(z.number().int()),
    /** Set when the tag is a business's (tips go into its wallet): its branding for the page. */
    business: businessBrandingSchema.nullable().optional(),
  })
  .meta({ id: 'QuickTipProfile' });
export type QuickTipProfile = z.infer<typeof quickTipProfileSchema>;

/**
 * What `GET /api/public/profiles/{ztartag}` answers: the QuickTipProfile plus the newest public
 * photos and posts (publicShowcaseSchema; private ones never appear). The quick-tip page reads
 * only the QuickTipProfile part.
 */
export const publicProfilePageSchema = quickTipProfileSchema
  .extend(publicShowcaseSchema.shape)
  .meta({ id: 'PublicProfilePage' });
export type PublicProfilePage = z.infer<typeof publicProfilePageSchema>;

export const TIP_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];
/** `card`: a quick tip, with or without an account; `wallet`: from a signed-in sender's balance. */
export const TIP_SOURCES = ['card', 'wallet'] as const;
export type TipSource = (typeof TIP_SOURCES)[number];

/** Card details of a quick tip: sent to the processor, never stored (payment-methods.ts). */
export const tipCardSchema = addCardRequestSchema.pick({
  number: true,
  expMonth: true,
  expYear: true,
  cvc: true,
  cardholderName: true,
});

/**
 * `POST /api/tips` (public; `Idempotency-Key` header) → 201 TipResponse.
 * - source `card` (default): quick tip, `card` required; amount within AMOUNT_LIMITS
 *   quickTipMinMinor..quickTipMaxMinor, else 422 `limit_exceeded` (`details: { limit:
 *   'quickTipMin' | 'quickTipMax', limitMinor }`; above the maximum the page points to
 *   verification or a direct transfer). Pending until the processor settles it (then completed,
 *   or failed). A receipt goes to senderEmail / senderPhone when given.
 *   Refused card → 402 `card_declined` / `card_insufficient_funds`, bad card → 422
 *   `card_number_invalid` / `card_expired` / `card_cvc_invalid`. Rate limited per IP and per card
 *   (429 `rate_limited`).
 * - source `wallet`: signed in only (401 `unauthorized`), no `card`; moves the balance at once
 *   (completed) under the transfer limits: 422 `insufficient_balance`, 422 `limit_exceeded`
 *   (`transferMax` | `daily`), 403 `pin_required`.
 * Both: unknown or deleted receiver, or a business that is not open (suspended, closed, or its
 * owner off the business plans) → 404 `recipient_user_not_found`; below a business's minimum tip
 * (converted to the tip's currency at the reference rates, rounded up) → 422 `limit_exceeded`
 * (`details: { limit: 'businessMinimumTip', limitMinor }`); to oneself → 400
 * `recipient_is_self`; `qrCode` of another receiver, or a payment QR code with another amount or
 * currency → 400 `validation_failed`; anything else → 500 `tip_failed`. No money moves on an error.
 */
export const tipRequestSchema = z
  .object({
    receiver: ztartagSchema,
    amountMinor: amountMinorSchema,
    currency: currencySchema,
    message: safeText({ multiline: true }).max(TEXT_LIMITS.tipMessage, 'validation.tipMessageMax').optional(),
    senderEmail: emailSchema.optional(),
    senderPhone: phoneSchema.optional(),
    source: z.enum(TIP_SOURCES).default('card'),
    card: tipCardSchema.optional(),
    /** The QR code scanned to get here, for its statistics and fixed amount. */
    qrCode: qrShortCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.source === 'card' && !body.card) {
      context.addIssue({ code: 'custom', path: ['card'], message: 'validation.required' });
    }
    if (body.source === 'wallet' && body.card) {
      context.addIssue({ code: 'custom', path: ['card'], message: 'validation.cardWithWallet' });
    }
  })
  .meta({ id: 'TipRequest' });
export type TipRequest = z.infer<typeof tipRequestSchema>;
export type TipRequestInput = z.input<typeof tipRequestSchema>;

export const tipSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(TIP_STATUSES),
    source: z.enum(TIP_SOURCES),
    amountMinor: z.number().int(),
    currency: currencySchema,
    message: z.string().nullable(),
    receiver: counterpartySchema,
    /** null for a tip without an account (its receipt contact is never shown to the receiver). */
    sender: counterpartySchema.nullable(),
    /** The card of a quick tip. */
    card: z.object({ brand: z.enum(CARD_BRANDS).nullable(), last4: z.string() }).nullable(),
    /** Why a failed tip failed, as an error code (`card_declined`, ...). */
    failureCode: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** When it became completed, failed or cancelled. */
    settledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Tip' });
export type Tip = z.infer<typeof tipSchema>;

export const tipResponseSchema = z.object({ tip: tipSchema }).meta({ id: 'TipResponse' });
export type TipResponse = z.infer<typeof tipResponseSchema>;

/**
 * `GET /api/public/tips/{id}` (no sign-in) → TipProgress: where a tip stands, for the receipt of
 * someone who tipped without an account (the quick-tip page asks again until it is completed or
 * failed). The id is random (122 bits) and only the payer and the receiver know it; nothing but
 * the status is answered (not why a card failed: a caller without an account learns one decline
 * for every refusal). Unknown id → 404 `not_found`.
 */
export const tipProgressParamsSchema = z.object({ id: z.uuid() });
export const tipProgressSchema = tipSchema
  .pick({ id: true, status: true, settledAt: true })
  .meta({ id: 'TipProgress' });
export type TipProgress = z.infer<typeof tipProgressSchema>;

/**
 * `GET /api/tips/received` and `GET /api/tips/sent` → TipList, newest first; `cursor` is the
 * `nextCursor` of the page before.
 */
export const tipListQuerySchema = z.object({
  status: z.enum(TIP_STATUSES).optional(),
  currency: currencySchema.optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type TipListQuery = z.infer<typeof tipListQuerySchema>;

/** Rolling periods ending now (no calendar or time zone involved). */
export const TIP_TOTAL_PERIODS = ['last24h', 'last7d', 'last30d', 'all'] as const;
export type TipTotalPeriod = (typeof TIP_TOTAL_PERIODS)[number];

/** Totals per currency and period over completed and pending tips (failed and cancelled left out). */
export const tipTotalSchema = z.object({
  currency: currencySchema,
  period: z.enum(TIP_TOTAL_PERIODS),
  completedMinor: z.number().int(),
  pendingMinor: z.number().int(),
  count: z.number().int(),
});
export type TipTotal = z.infer<typeof tipTotalSchema>;

export const tipListResponseSchema = z
  .object({
    items: z.array(tipSchema),
    nextCursor: z.string().nullable(),
    /** Not affected by the filters or the page. */
    totals: z.array(tipTotalSchema),
  })
  .meta({ id: 'TipList' });
export type TipListResponse = z.infer<typeof tipListResponseSchema>;
