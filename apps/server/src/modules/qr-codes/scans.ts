import {
  type DynamicQrTarget,
  type PublicQrCode,
  type QrCodeKind,
  qrPagePath,
  qrScanQuerySchema,
  tipLinkPath,
} from '@ztart/shared/contracts/qr-codes';
import { type GeoPosition, resolveDynamicQr } from '@ztart/shared/dynamic-qr';
import type { Currency } from '@ztart/shared/money';
import type { UserLevel } from '@ztart/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SESSION_COOKIE } from '../auth/session-plugin.ts';
import { findSession, isSessionExpired } from '../auth/sessions.ts';
import { findProfileRow } from '../profiles/service.ts';
import { dynamicOf } from './payload.ts';
import type { LiveQrCode } from './service.ts';

const NO_TARGET: DynamicQrTarget = { redirectUrl: null, message: null };

/**
 * Who is scanning, for the user-level rules and their own activity. API requests have their
 * session looked up already; `/q/<code>` is a page, so its cookie is read here. Opening a short
 * link is not activity of the session (it neither extends nor ends it): an ended session simply
 * scans as a guest.
 */
export async function scannerOf(
  context: AppContext,
  request: FastifyRequest,
): Promise<{ userId: string | null; userLevel: UserLevel | null }> {
  let userId: string | null = null;
  if (request.auth.status === 'signed-in') {
    userId = request.auth.user.id;
  } else {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSession(context.db, token) : undefined;
    if (found && !isSessionExpired(found.session, context.now())) userId = found.user.id;
  }
  if (!userId) return { userId: null, userLevel: null };
  const userLevel = ((await findProfileRow(context.db, userId))?.userLevel as UserLevel | undefined) ?? null;
  return { userId, userLevel };
}

/** The scanner's user level, for the user-level rules; null for a guest. */
export async function scannerLevelOf(
  context: AppContext,
  request: FastifyRequest,
): Promise<UserLevel | null> {
  return (await scannerOf(context, request)).userLevel;
}

/** The scanner's position from `?lat=&lon=` of a short link; anything unreadable counts as none. */
export function positionOfQuery(query: unknown): GeoPosition | null {
  const parsed = qrScanQuerySchema.safeParse(query);
  if (!parsed.success || parsed.data.lat === undefined || parsed.data.lon === undefined) return null;
  return { latitude: parsed.data.lat, longitude: parsed.data.lon };
}

/** The target of this scan: the first matching rule's, else the default; nothing when dynamic is off. */
export function resolveTarget(
  context: AppContext,
  qr: LiveQrCode,
  scan: { position: GeoPosition | null; userLevel: UserLevel | null },
): DynamicQrTarget {
  const dynamic = dynamicOf(qr.row);
  if (!dynamic.enabled) return NO_TARGET;
  return resolveDynamicQr(
    dynamic.rules,
    { redirectUrl: dynamic.redirectUrl, message: dynamic.message },
    { now: context.now(), timeZone: dynamic.timeZone, position: scan.position, userLevel: scan.userLevel },
  ).target;
}

/**
 * Where a scan goes. A message is read first, on our page of the QR code (which then offers the
 * redirect or the tip); it gets the same position, so it resolves the same rule. Then the redirect;
 * then the receiver's quick-tip page, with the amount of a payment QR code.
 */
export function destinationOf(qr: LiveQrCode, target: DynamicQrTarget, position: GeoPosition | null): string {
  const { row } = qr;
  if (target.message !== null) {
    const where = position
      ? `?${new URLSearchParams({ lat: String(position.latitude), lon: String(position.longitude) })}`
      : '';
    return `${qrPagePath(row.code)}${where}`;
  }
  // Written as the URL parser writes it: a Location header must be ASCII.
  if (target.redirectUrl !== null) return new URL(target.redirectUrl).href;
  const isPayment = (row.kind as QrCodeKind) === 'payment';
  return tipLinkPath(qr.receiver.ztartag, {
    qrCode: row.code,
    ...(isPayment ? { amountMinor: row.amountMinor, currency: row.currency as Currency } : {}),
  });
}

export function toPublicQrCode(qr: LiveQrCode, target: DynamicQrTarget): PublicQrCode {
  const { row } = qr;
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    kind: row.kind as QrCodeKind,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    receiver: qr.receiver,
    redirectUrl: target.redirectUrl,
    message: target.message,
  };
}
