import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { STORED_ROLES } from '../roles.ts';
import { safeText } from '../safe-text.ts';
import {
  emailSchema,
  passwordSchema,
  phoneSchema,
  secretTextSchema,
  timeZoneSchema,
  ztartagSchema,
} from '../validation.ts';
import { impersonationSchema } from './admin.ts';
import { ownProfileSchema } from './profiles.ts';

/**
 * Accounts API (issue "Accounts"). Every path below is under `/api`. A state-changing request
 * that carries the session cookie must send the `csrf_token` cookie's value in `X-CSRF-Token`.
 */

/** A new password and its confirmation, which must match ('Passwords do not match'). */
const newPasswordShape = { password: passwordSchema, passwordConfirmation: secretTextSchema };
const passwordsMatch: [
  (body: { password: string; passwordConfirmation: string }) => boolean,
  { path: string[]; message: string },
] = [
  (body) => body.password === body.passwordConfirmation,
  { path: ['passwordConfirmation'], message: 'validation.passwordsDoNotMatch' },
];

/** `POST /auth/sign-up` → 201 `acceptedResponse`; a taken email gets the same answer (and a mail telling its owner). */
export const signUpRequestSchema = z
  .object({
    email: emailSchema,
    ...newPasswordShape,
    ztartag: ztartagSchema.optional(),
    acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }),
    acceptPrivacy: z.literal(true, { error: 'validation.acceptPrivacy' }),
    language: z.enum(LANGUAGES).optional(),
    /** The browser's IANA time zone: the new profile's (UTC without it). */
    timeZone: timeZoneSchema.optional(),
  })
  .refine(...passwordsMatch)
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** The answer that never tells whether an email is registered. */
export const acceptedResponseSchema = z.object({ status: z.literal('accepted') }).meta({ id: 'Accepted' });
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;

/** The answer of an action that has nothing else to say (reset or change of password). */
export const okResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Ok' });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** What a verification token was for: a new account's address, or a change of address. */
export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'change_email'] as const;

/** `POST /auth/verify-email` — a single-use token from a verification mail (sign-up or email change). */
export const tokenRequestSchema = z
  .object({ token: safeText({ trim: false }).min(16).max(200) })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/**
 * `POST /auth/verify-email` → 200: the address is verified (and, for a change, now the account's
 * email). It does not sign anyone in. An unknown, used or expired token → 400 `invalid_token`
 * with `details.reason` `invalid` | `used` | `expired` (| `email_taken` when the new address was
 * registered meanwhile).
 */
export const verifyEmailResponseSchema = z
  .object({ status: z.literal('verified'), purpose: z.enum(EMAIL_TOKEN_PURPOSES) })
  .meta({ id: 'VerifyEmail' });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** `POST /auth/resend-verification` → 202 accepted. */
export const emailRequestSchema = z.object({ email: emailSchema }).meta({ id: 'EmailRequest' });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** `POST /auth/sign-in` → 200 `sessionResponse` and the session cookie; unverified → 403 `email_not_verified`. */
export const signInRequestSchema = z
  .object({ email: emailSchema, password: secretTextSchema.min(1) })
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * `GET /auth/session` → the signed-in person, or `{ user: null, profile: null, roles: [] }` (and a
 * session cookie that no longer opens a session is cleared). `POST /auth/sign-out` → 204.
 * Routes that need sign-in answer 401 `unauthorized` without a session cookie and 401
 * `session_expired` when the cookie's session has ended (30 min idle, 7 days in all, signed out).
 */
export const sessionResponseSchema = z
  .object({
    user: sessionUserSchema.nullable(),
    profile: ownProfileSchema.nullable(),
    roles: z.array(z.enum(STORED_ROLES)),
    /**
     * While an admin impersonates this person (decision 0040): who, and until when. The app shows
     * a banner on every screen. Absent or null otherwise.
     */
    impersonation: impersonationSchema.nullable().optional(),
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `POST /auth/forgot-password` {email} → 202 accepted, always. `POST /auth/reset-password` → 200. */
export const resetPasswordRequestSchema = z
  .object({ token: safeText({ trim: false }).min(16).max(200), ...newPasswordShape })
  .refine(...passwordsMatch)
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `POST /auth/change-password` (signed in) → 200; other sessions are signed out. */
export const changePasswordRequestSchema = z
  .object({ currentPassword: secretTextSchema.min(1), ...newPasswordShape })
  .refine(...passwordsMatch)
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /auth/change-email` (signed in) → 202: a link goes to the new address; the email changes when it is opened. */
export const changeEmailRequestSchema = z
  .object({ email: emailSchema, password: secretTextSchema.min(1) })
  .meta({ id: 'ChangeEmailRequest' });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** `POST /auth/phone/start` (signed in) → 202: a 6-digit code goes by SMS. */
export const phoneStartRequestSchema = z.object({ phone: phoneSchema }).meta({ id: 'PhoneStartRequest' });
export type PhoneStartRequest = z.infer<typeof phoneStartRequestSchema>;

/**
 * `POST /auth/phone/verify` (signed in) → 200 `sessionResponse`. A wrong code → 400
 * `invalid_token` with `details: { reason: 'wrong_code', attemptsLeft }`; no code, an expired one
 * or one with no attempts left → 400 `invalid_token` with `details.reason` `expired`.
 */
export const phoneVerifyRequestSchema = z
  .object({ code: safeText({ trim: false }).regex(/^\d{6}$/, 'validation.phoneCode') })
  .meta({ id: 'PhoneVerifyRequest' });
export type PhoneVerifyRequest = z.infer<typeof phoneVerifyRequestSchema>;

/** `GET /auth/sessions` → the signed-in person's open sessions. */
export const sessionSummarySchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const sessionListResponseSchema = z
  .object({ items: z.array(sessionSummarySchema) })
  .meta({ id: 'SessionList' });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** `POST /auth/sessions/revoke-others` → how many other sessions were signed out. */
export const revokeOthersResponseSchema = z
  .object({ revoked: z.number().int().min(0) })
  .meta({ id: 'RevokeOthers' });

/** `GET /dev/outbox?to=<address or phone>` (never in production): only the messages sent there. */
export const outboxQuerySchema = z.object({ to: safeText().toLowerCase().max(254).optional() });

/** `GET /dev/outbox` (never in production) → newest first. Mail links are absolute URLs to the app. */
export const outboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
});
export const outboxResponseSchema = z.array(outboxMessageSchema).meta({ id: 'Outbox' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
