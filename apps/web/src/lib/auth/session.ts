import { STORED_ROLES, type StoredRole, USER_LEVELS, type UserLevel } from '@ztart/shared/roles';
import { api } from '@/lib/api-client';
import { type AuthState, type SessionProfile, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';

export const SESSION_PATH = '/api/auth/session';
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readRoles(value: unknown): StoredRole[] {
  if (!Array.isArray(value)) return [];
  return value.filter((role): role is StoredRole => (STORED_ROLES as readonly unknown[]).includes(role));
}

function readProfile(value: unknown): SessionProfile | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  const level = (USER_LEVELS as readonly unknown[]).includes(value.user_level)
    ? (value.user_level as UserLevel)
    : 'freemium';
  return {
    id: value.id,
    user_level: level,
    ztartag: typeof value.ztartag === 'string' ? value.ztartag : null,
    full_name: typeof value.full_name === 'string' ? value.full_name : null,
    avatar_url: typeof value.avatar_url === 'string' ? value.avatar_url : null,
  };
}

/** Turns the answer of GET /api/auth/session (`{ user, profile, roles }` or `{ user: null }`). */
export function authStateFromSession(body: unknown): AuthState {
  const user = isRecord(body) ? body.user : null;
  if (!isRecord(user) || typeof user.id !== 'string') return SIGNED_OUT_AUTH;
  const session = body as Record<string, unknown>;
  return {
    status: 'signedIn',
    user: { id: user.id, email: typeof user.email === 'string' ? user.email : '' },
    profile: readProfile(session.profile),
    roles: readRoles(session.roles),
  };
}

export async function fetchSession(signal?: AbortSignal): Promise<AuthState> {
  return authStateFromSession(await api.get<unknown>(SESSION_PATH, { signal }));
}
