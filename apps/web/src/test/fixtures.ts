import type { SessionResponse, SessionUser } from '@ztart/shared/contracts/auth';
import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import type { StoredRole, UserLevel } from '@ztart/shared/roles';

/** Answers of the accounts API, shaped by the shared contracts, for tests. */
export const USER_ID = '7d6f7a3c-2b1e-4c7a-9f1d-0a1b2c3d4e5f';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: USER_ID,
    email: 'ana@example.com',
    emailVerified: true,
    phone: null,
    phoneVerified: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: USER_ID,
    userLevel: 'freemium',
    ztartag: 'ana',
    ztartagPlan: 'free',
    fullName: 'Ana Lima',
    username: null,
    email: 'ana@example.com',
    phone: null,
    birthday: null,
    location: null,
    bio: null,
    website: null,
    socialLinks: {},
    avatarUrl: null,
    language: 'en',
    timeZone: 'UTC',
    ...overrides,
  };
}

export function sessionResponse(
  roles: StoredRole[] = ['user'],
  userLevel: UserLevel = 'freemium',
  profile: Partial<OwnProfile> = {},
): SessionResponse {
  return { user: sessionUser(), profile: ownProfile({ userLevel, ...profile }), roles };
}

export const SIGNED_OUT_SESSION: SessionResponse = { user: null, profile: null, roles: [] };

/** A fetch answer with a JSON body. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function errorResponse(status: number, code: string, details?: Record<string, unknown>): Response {
  return jsonResponse(status, { error: { code, message: code, ...(details ? { details } : {}) } });
}
