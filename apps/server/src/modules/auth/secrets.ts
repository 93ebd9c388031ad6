import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. Used for passwords, PINs and phone codes. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package declares a const enum, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
/** The native hashing library, loaded with the first secret rather than with every start. */
function loadArgon2(): Promise<typeof import('@node-rs/argon2')> {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
}

export async function hashSecret(secret: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(secret, ARGON2_OPTIONS);
}

/** False for a wrong secret and for a hash that cannot be read (never throws on bad input). */
export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(secretHash, secret, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/**
 * Whether a hash was made with other settings than ARGON2_OPTIONS (an older, weaker choice, or
 * another argon2 variant): read from its PHC string, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`.
 * An unreadable hash counts as needing one.
 */
export function needsRehash(secretHash: string): boolean {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(secretHash);
  if (!match) return true;
  const [, variant, version, memoryCost, timeCost, parallelism] = match;
  return (
    variant !== 'argon2id' ||
    Number(version) !== ARGON2_VERSION ||
    Number(memoryCost) !== ARGON2_OPTIONS.memoryCost ||
    Number(timeCost) !== ARGON2_OPTIONS.timeCost ||
    Number(parallelism) !== ARGON2_OPTIONS.parallelism
  );
}

/** Argon2 version 1.3 (0x13), the one the library writes. */
const ARGON2_VERSION = 19;

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification, for a sign-in with an unknown email: the answer then
 * takes as long as for a known email with a wrong password.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret(randomToken());
  await verifySecret(await dummyHash, secret);
  return false;
}

/** 32 random bytes, base64url: session tokens, CSRF tokens and mailed tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: its SHA-256, hex. A random 256-bit token needs no salt or slow hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A 6-digit code with leading zeros, from the operating system's random source. */
export function randomDigits(count: number): string {
  return String(randomInt(0, 10 ** count)).padStart(count, '0');
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
