import type { DynamicQrRule, DynamicQrTarget } from './contracts/qr-codes.ts';
import type { QrUserLevel, UserLevel } from './roles.ts';
import { localHour } from './time-zones.ts';

export { QR_USER_LEVELS, type QrUserLevel } from './roles.ts';
export { isTimeZone, localHour } from './time-zones.ts';

/**
 * Dynamic QR (spec §3): when `/q/<code>` is opened, the first rule whose every condition matches
 * the scan decides where the scanner goes and what they read; no match → the default target.
 * Pure: the clock, the receiver's time zone, the scanner's position and level come in `scan`.
 *
 * - Time: hours 0-23 in the receiver's IANA time zone, start inclusive, end exclusive. A window
 *   whose end is before its start wraps past midnight (22 → 6 is 22:00-05:59). Start equal to
 *   end means all day: a window that never opens would be a rule that can never match.
 * - Location: great-circle (haversine) distance from the point; exactly maxKm still matches.
 *   When the scanner shares no position the rule does not match.
 * - User level: the scanner's level in the four buckets of the spec; signed out = guest.
 * - A rule without conditions always matches (a catch-all placed last, or an override).
 */

/** Our profile levels (roles.ts) in the buckets the dynamic QR manager offers. */
export const QR_USER_LEVEL_OF: Record<UserLevel, QrUserLevel> = {
  guest: 'guest',
  freemium: 'basic',
  standard: 'basic',
  pro: 'premium',
  premium: 'premium',
  business: 'business',
  enterprise: 'business',
};

export function qrUserLevelOf(userLevel: UserLevel | null | undefined): QrUserLevel {
  return userLevel ? QR_USER_LEVEL_OF[userLevel] : 'guest';
}

export interface GeoPosition {
  latitude: number;
  longitude: number;
}

export interface DynamicQrScan {
  now: Date;
  /** The receiver's IANA time zone, in which time windows are read. */
  timeZone: string;
  /** The scanner's position when they chose to share it. */
  position: GeoPosition | null;
  /** The scanner's profile level; null when signed out. */
  userLevel: UserLevel | null;
}

export interface DynamicQrResolution {
  target: DynamicQrTarget;
  /** Index of the rule that decided, null for the default target. */
  ruleIndex: number | null;
}

export function isHourInWindow(hour: number, startHour: number, endHour: number): boolean {
  if (startHour === endHour) return true;
  if (startHour < endHour) return hour >= startHour && hour < endHour;
  return hour >= startHour || hour < endHour;
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

export function haversineKm(from: GeoPosition, to: GeoPosition): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLatitude = radians(to.latitude - from.latitude);
  const dLongitude = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLongitude / 2) ** 2;
  // min() keeps rounding from pushing antipodal points past 1, where asin is NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function isPosition(position: GeoPosition | null): position is GeoPosition {
  return (
    position !== null &&
    Number.isFinite(position.latitude) &&
    Number.isFinite(position.longitude) &&
    Math.abs(position.latitude) <= 90 &&
    Math.abs(position.longitude) <= 180
  );
}

export function ruleMatches(rule: DynamicQrRule, scan: DynamicQrScan): boolean {
  const { time, location, userLevel } = rule.conditions;
  if (time) {
    const hour = localHour(scan.now, scan.timeZone);
    if (hour === null || !isHourInWindow(hour, time.startHour, time.endHour)) return false;
  }
  if (location) {
    if (!isPosition(scan.position)) return false;
    if (haversineKm(location, scan.position) > location.maxKm) return false;
  }
  if (userLevel && qrUserLevelOf(scan.userLevel) !== userLevel) return false;
  return true;
}

export function resolveDynamicQr(
  rules: readonly DynamicQrRule[],
  defaultTarget: DynamicQrTarget,
  scan: DynamicQrScan,
): DynamicQrResolution {
  const ruleIndex = rules.findIndex((rule) => ruleMatches(rule, scan));
  if (ruleIndex === -1) return { target: defaultTarget, ruleIndex: null };
  return { target: rules[ruleIndex]!.target, ruleIndex };
}
