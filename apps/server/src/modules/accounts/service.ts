import type { Impersonation } from '@ztart/shared/contracts/admin';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  ResetPasswordRequest,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
  VerifyEmailResponse,
} from '@ztart/shared/contracts/auth';
import { type Language, languageFromTag } from '@ztart/shared/languages';
import {
  EMAIL_VERIFICATION_TOKEN_HOURS,
  PASSWORD_RESET_TOKEN_MINUTES,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MINUTES,
  SIGN_IN_BACKOFF,
} from '@ztart/shared/limits';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { addHours, addMinutes } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { hashSecret, needsRehash, randomDigits, verifyAgainstDummy, verifySecret } from '../auth/secrets.ts';
import {
  createSession,
  deleteExpiredSessionsOf,
  deleteSessionByToken,
  deleteSessionsOf,
  rotateSessionToken,
  type SessionUser,
} from '../auth/sessions.ts';
import { authTokens, phoneCodes, sessions, type UserRow, users } from '../auth/tables.ts';
import { findActiveUserById } from '../auth/users.ts';
import {
  createProfileWithDefaultRole,
  findProfileRow,
  isPhoneVerifiedElsewhere,
  isZtartagTaken,
  languageOf,
  rolesOf,
  setVerifiedPhone,
  toOwnProfile,
  ZTARTAG_UNIQUE_INDEX,
} from '../profiles/service.ts';
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens.ts';
import { forgetSignInFailures, type SignInThrottle } from './sign-in-throttle.ts';

const PHONE_CODE_DIGITS = 6;

/** A link into the web app's auth page, where the token is read and posted back. */
function authLink(context: AppContext, mode: 'verify-email' | 'reset-password', token: string): string {
  return `${context.config.appUrl}/auth?mode=${mode}&token=${token}`;
}

function signInUrl(context: AppContext): string {
  return `${context.config.appUrl}/auth`;
}

/** An account that can sign in (deleted ones cannot), by its normalised email. */
export async function findActiveUserByEmail(db: AppDatabase, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/** `GET /auth/session`: the person, their own profile and their roles. */
export async function sessionResponse(
  db: AppDatabase,
  user: SessionUser | null,
  impersonation: Impersonation | null = null,
): Promise<SessionResponse> {
  if (!user) return { user: null, profile: null, roles: [] };
  const profile = await findProfileRow(db, user.id);
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      phone: profile?.phone ?? null,
      phoneVerified: profile?.phoneVerifiedAt != null,
      createdAt: user.createdAt.toISOString(),
    },
    profile: profile ? toOwnProfile(profile, user.email) : null,
    roles: await rolesOf(db, user.id),
    ...(impersonation ? { impersonation } : {}),
  };
}

async function sendVerificationMail(
  context: AppContext,
  user: { id: string; email: string },
  language: Language,
): Promise<void> {
  const token = await issueEmailToken(context.db, {
    userId: user.id,
    purpose: 'verify_email',
    email: user.email,
    expiresAt: addHours(context.now(), EMAIL_VERIFICATION_TOKEN_HOURS),
  });
  await context.mailer.send(user.email, language, {
    kind: 'verifyEmail',
    params: { link: authLink(context, 'verify-email', token), hours: EMAIL_VERIFICATION_TOKEN_HOURS },
  });
}

/**
 * Creates the account and mails a verification link. A taken email gets the same answer, and its
 * owner a note instead; the password is hashed either way so that both take as long.
 */
export async function signUp(
  context: AppContext,
  request: FastifyRequest,
  body: SignUpRequest,
): Promise<void> {
  const { db } = context;
  // Tags are public, so refusing a taken one tells nothing about who has an account.
  if (body.ztartag && (await isZtartagTaken(db, body.ztartag))) throw new AppError('ztartag_taken');
  const passwordHash = await hashSecret(body.password);
  const language = body.language ?? languageFromTag(request.headers['accept-language']);

  const existing = await findActiveUserByEmail(db, body.email);
  if (existing) {
    await tellOwnerOfSignUpAttempt(context, existing);
    return;
  }
  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: body.email, passwordHash, createdAt: context.now() })
        .returning({ id: users.id });
      await createProfileWithDefaultRole(tx, {
        userId: user!.id,
        ztartag: body.ztartag,
        language,
        timeZone: body.timeZone,
      });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, ZTARTAG_UNIQUE_INDEX)) throw new AppError('ztartag_taken');
    if (isUniqueViolation(error, 'users_email_unique')) return; // someone signed up with it a moment ago
    throw error;
  }
  await sendVerificationMail(context, { id: userId, email: body.email }, language);
  await recordAudit(db, request, { userId, actionType: 'sign_up' });
}

async function tellOwnerOfSignUpAttempt(context: AppContext, owner: UserRow): Promise<void> {
  await context.mailer.send(owner.email, await languageOf(context.db, owner.id), {
    kind: 'accountExists',
    params: { signInUrl: signInUrl(context) },
  });
}

/** `POST /auth/resend-verification`: a new link, only for an account still waiting for one. */
export async function resendVerification(context: AppContext, email: string): Promise<void> {
  const user = await findActiveUserByEmail(context.db, email);
  if (!user || user.emailVerifiedAt) return;
  await sendVerificationMail(context, user, await languageOf(context.db, user.id));
}

/** Opens a verification link: confirms a new account's address, or completes an address change. */
export async function verifyEmail(
  context: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<VerifyEmailResponse> {
  const now = context.now();
  const outcome = await context.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, token, ['verify_email', 'change_email'], now);
    const user = await findActiveUserById(tx, row.userId);
    if (!user) throw new AppError('invalid_token', { details: { reason: 'invalid' } });
    if (row.purpose === 'verify_email') {
      // A link to an address the account no longer has proves nothing about the current one.
      if (row.email !== user.email) throw new AppError('invalid_token', { details: { reason: 'invalid' } });
      if (!user.emailVerifiedAt)
        await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
      return { userId: user.id, purpose: 'verify_email' as const };
    }
    await changeEmailNow(tx, user.id, row.email, now);
    return { userId: user.id, purpose: 'change_email' as const };
  });
  await recordAudit(context.db, request, {
    userId: outcome.userId,
    actionType: outcome.purpose === 'verify_email' ? 'email_verified' : 'email_changed',
  });
  return { status: 'verified', purpose: outcome.purpose };
}

async function changeEmailNow(db: AppDatabase, userId: string, email: string, now: Date): Promise<void> {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (holder && holder.id !== userId)
    throw new AppError('invalid_token', { details: { reason: 'email_taken' } });
  await db.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId));
  await voidEmailTokens(db, userId, 'change_email', now);
  // Reset and verification links went to the old address: they must not act on the new one.
  await voidEmailTokens(db, userId, 'reset_password', now);
  await voidEmailTokens(db, userId, 'verify_email', now);
}

/**
 * Checks the password and opens a new session. An unknown email costs a hash verification too,
 * and answers exactly like a wrong password (401 `login_failed`).
 */
export async function signIn(
  context: AppContext,
  request: FastifyRequest,
  body: SignInRequest,
  throttle: SignInThrottle,
): Promise<{ token: string; user: SessionUser }> {
  const { db } = context;
  const now = context.now();
  const attemptsInARow = await throttle.claim(body.email, now);
  const user = await findActiveUserByEmail(db, body.email);
  const passwordIsRight = user?.passwordHash
    ? await verifySecret(user.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  if (!user || !passwordIsRight) {
    await recordAudit(db, request, { userId: user?.id ?? null, actionType: 'sign_in_failed' });
    if (user && attemptsInARow === SIGN_IN_BACKOFF.notifyAfterFailures) {
      // Not awaited: the answer must take as long whether the address has an account or not.
      void tellOwnerOfFailedSignIns(context, user, attemptsInARow);
    }
    throw new AppError('login_failed');
  }
  await forgetSignInFailures(db, body.email);
  if (user.passwordHash && needsRehash(user.passwordHash)) await rehashPassword(db, user, body.password);
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified', { details: { resend: true } });
  if (user.suspendedAt) {
    await recordAudit(db, request, { userId: user.id, actionType: 'sign_in_suspended' });
    throw new AppError('account_suspended', { message: 'This account is suspended.' });
  }

  const previousToken = request.cookies.session;
  const previous = previousToken ? await deleteSessionByToken(db, previousToken) : undefined;
  if (previous) context.live.endSessions(previous.userId, [previous.id]);
  await deleteExpiredSessionsOf(db, user.id, now);
  const { token } = await createSession(db, {
    userId: user.id,
    userAgent: request.headers['user-agent'],
    now,
  });
  await recordAudit(db, request, { userId: user.id, actionType: 'sign_in' });
  return { token, user };
}

/**
 * A password hashed with older argon2 settings gets today's, now that the password is known. Only
 * if it is still the hash that was checked: a password changed meanwhile stays as it was.
 */
async function rehashPassword(db: AppDatabase, user: UserRow, password: string): Promise<void> {
  if (!user.passwordHash) return;
  const passwordHash = await hashSecret(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
}

async function tellOwnerOfFailedSignIns(context: AppContext, owner: UserRow, attempts: number) {
  await context.mailer.send(owner.email, await languageOf(context.db, owner.id), {
    kind: 'signInFailures',
    params: { attempts, signInUrl: signInUrl(context) },
  });
}

/** `POST /auth/forgot-password`: a reset link when the account exists; the answer is the same anyway. */
export async function forgotPassword(context: AppContext, request: FastifyRequest, email: string) {
  const user = await findActiveUserByEmail(context.db, email);
  if (!user) return;
  const token = await issueEmailToken(context.db, {
    userId: user.id,
    purpose: 'reset_password',
    email: user.email,
    expiresAt: addMinutes(context.now(), PASSWORD_RESET_TOKEN_MINUTES),
  });
  await context.mailer.send(user.email, await languageOf(context.db, user.id), {
    kind: 'resetPassword',
    params: { link: authLink(context, 'reset-password', token), minutes: PASSWORD_RESET_TOKEN_MINUTES },
  });
  await recordAudit(context.db, request, { userId: user.id, actionType: 'password_reset_requested' });
}

/**
 * Sets a new password from a reset link. Opening the link proves the mailbox, so an unverified
 * address counts as verified from now on. Every session of the person ends, except the one
 * making the request if it is theirs.
 */
export async function resetPassword(
  context: AppContext,
  request: FastifyRequest,
  body: ResetPasswordRequest,
): Promise<void> {
  const now = context.now();
  const passwordHash = await hashSecret(body.password);
  const userId = await context.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, body.token, ['reset_password'], now);
    const user = await findActiveUserById(tx, row.userId);
    if (!user || user.email !== row.email)
      throw new AppError('invalid_token', { details: { reason: 'invalid' } });
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id));
    await voidEmailTokens(tx, user.id, 'reset_password', now);
    // The owner proved their mailbox: failed sign-ins by anyone else no longer hold them back.
    await forgetSignInFailures(tx, user.email);
    return user.id;
  });
  const current =
    request.auth.status === 'signed-in' && request.auth.user.id === userId ? request.auth.session : null;
  const ended = await deleteSessionsOf(context.db, userId, { exceptSessionId: current?.id, now });
  context.live.endSessions(userId, ended.ids);
  await recordAudit(context.db, request, { userId, actionType: 'password_reset' });
  await sendPasswordChangedNotice(context, userId);
}

async function sendPasswordChangedNotice(context: AppContext, userId: string): Promise<void> {
  const user = await findActiveUserById(context.db, userId);
  if (!user) return;
  await context.mailer.send(user.email, await languageOf(context.db, userId), {
    kind: 'passwordChanged',
    params: { signInUrl: signInUrl(context) },
  });
}

/** 403 `current_password_incorrect` unless the signed-in person typed their password. */
export async function assertPassword(db: AppDatabase, userId: string, password: string): Promise<void> {
  const user = await findActiveUserById(db, userId);
  const isRight = user?.passwordHash ? await verifySecret(user.passwordHash, password) : false;
  if (!isRight) throw new AppError('current_password_incorrect');
}

/** Changes the password, ends the other sessions and gives this one a new token (returned). */
export async function changePassword(
  context: AppContext,
  request: FastifyRequest,
  signedIn: { user: SessionUser; session: { id: string } },
  body: ChangePasswordRequest,
): Promise<string> {
  const { db } = context;
  await assertPassword(db, signedIn.user.id, body.currentPassword);
  const passwordHash = await hashSecret(body.password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, signedIn.user.id));
  await voidEmailTokens(db, signedIn.user.id, 'reset_password', context.now());
  const ended = await deleteSessionsOf(db, signedIn.user.id, {
    exceptSessionId: signedIn.session.id,
    now: context.now(),
  });
  context.live.endSessions(signedIn.user.id, ended.ids);
  const token = await rotateSessionToken(db, signedIn.session.id);
  await recordAudit(db, request, { userId: signedIn.user.id, actionType: 'password_changed' });
  await sendPasswordChangedNotice(context, signedIn.user.id);
  return token;
}

/**
 * Mails a link to the new address (the email changes when it is opened) and a note to the
 * current one. An address that belongs to another account gets no link, with the same answer.
 */
export async function requestEmailChange(
  context: AppContext,
  request: FastifyRequest,
  user: SessionUser,
  body: ChangeEmailRequest,
): Promise<void> {
  const { db } = context;
  await assertPassword(db, user.id, body.password);
  if (body.email === user.email) return;
  const language = await languageOf(db, user.id);
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (!holder) {
    const token = await issueEmailToken(db, {
      userId: user.id,
      purpose: 'change_email',
      email: body.email,
      expiresAt: addHours(context.now(), EMAIL_VERIFICATION_TOKEN_HOURS),
    });
    await context.mailer.send(body.email, language, {
      kind: 'confirmNewEmail',
      params: { link: authLink(context, 'verify-email', token), hours: EMAIL_VERIFICATION_TOKEN_HOURS },
    });
  }
  await context.mailer.send(user.email, language, {
    kind: 'emailChangeRequested',
    params: { newEmail: body.email, signInUrl: signInUrl(context) },
  });
  await recordAudit(db, request, { userId: user.id, actionType: 'email_change_requested' });
}

/**
 * Sends a 6-digit code by SMS; a new code replaces the one waiting. Only its hash is stored. A
 * number another account has verified → 409 `phone_in_use`, and no SMS goes out.
 */
export async function startPhoneVerification(context: AppContext, userId: string, phone: string) {
  if (await isPhoneVerifiedElsewhere(context.db, userId, phone)) throw new AppError('phone_in_use');
  const code = randomDigits(PHONE_CODE_DIGITS);
  const values = {
    phone,
    codeHash: await hashSecret(code),
    failedAttempts: 0,
    expiresAt: addMinutes(context.now(), PHONE_CODE_MINUTES),
  };
  await context.db
    .insert(phoneCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: phoneCodes.userId, set: values });
  await context.sms.sendPhoneCode(phone, await languageOf(context.db, userId), {
    code,
    minutes: PHONE_CODE_MINUTES,
  });
}

/**
 * Checks the code: right → the phone is the profile's verified number; wrong → 400
 * `invalid_token` (`wrong_code`, attemptsLeft); none, expired or used up → `expired`.
 */
export async function verifyPhone(
  context: AppContext,
  request: FastifyRequest,
  userId: string,
  code: string,
): Promise<void> {
  const now = context.now();
  // The attempt counter must be written even when the code is wrong, so the transaction
  // answers with an outcome and the error is thrown after it has committed.
  const outcome = await context.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(phoneCodes).where(eq(phoneCodes.userId, userId)).for('update');
    if (!pending || pending.expiresAt.getTime() <= now.getTime()) {
      if (pending) await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
      return { status: 'expired' as const };
    }
    if (await verifySecret(pending.codeHash, code)) {
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
      await setVerifiedPhone(tx, userId, pending.phone, now);
      return { status: 'verified' as const };
    }
    const failedAttempts = pending.failedAttempts + 1;
    const attemptsLeft = Math.max(0, PHONE_CODE_MAX_ATTEMPTS - failedAttempts);
    if (attemptsLeft === 0) await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    else await tx.update(phoneCodes).set({ failedAttempts }).where(eq(phoneCodes.userId, userId));
    return { status: 'wrong' as const, attemptsLeft };
  });
  if (outcome.status === 'expired') throw new AppError('invalid_token', { details: { reason: 'expired' } });
  if (outcome.status === 'wrong') {
    throw new AppError('invalid_token', {
      details: { reason: 'wrong_code', attemptsLeft: outcome.attemptsLeft },
    });
  }
  await recordAudit(context.db, request, { userId, actionType: 'phone_verified' });
}

/**
 * Account deletion, auth's part: the email becomes `deleted-<id>@deleted.invalid`, the password
 * and verification go, every session and pending token or code is removed. The row stays for
 * the audit log (and later the ledger). Answers the sessions it ended, whose live streams the
 * caller closes once the deletion has committed.
 */
export async function anonymiseAccount(db: AppDatabase, userId: string, now: Date): Promise<string[]> {
  await db
    .update(users)
    .set({
      email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
      passwordHash: null,
      emailVerifiedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
  return ended.map((session) => session.id);
}
