import type { StoredRole, UserLevel } from '@ztart/shared/roles';
import { createContext, useContext } from 'react';

// These mirror GET /api/auth/session. The accounts issue replaces them with the shared contract.
export interface SessionUser {
  id: string;
  email: string;
}

export interface SessionProfile {
  id: string;
  user_level: UserLevel;
  ztartag: string | null;
  full_name?: string | null;
  avatar_url?: string | null;
}

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/** Authentication state of spec §4: loading, then signed out or signed in. */
export type AuthState =
  | { status: 'loading'; user: null; profile: null; roles: readonly StoredRole[] }
  | { status: 'signedOut'; user: null; profile: null; roles: readonly StoredRole[] }
  | { status: 'signedIn'; user: SessionUser; profile: SessionProfile | null; roles: readonly StoredRole[] };

export const LOADING_AUTH: AuthState = { status: 'loading', user: null, profile: null, roles: [] };
export const SIGNED_OUT_AUTH: AuthState = { status: 'signedOut', user: null, profile: null, roles: [] };

export const AuthContext = createContext<AuthState>(LOADING_AUTH);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
