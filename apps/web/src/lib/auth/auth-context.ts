import type { Impersonation } from '@ztart/shared/contracts/admin';
import type { SessionUser } from '@ztart/shared/contracts/auth';
import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import type { StoredRole } from '@ztart/shared/roles';
import { createContext, useContext } from 'react';

export type { OwnProfile, SessionUser };

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/**
 * Authentication state of spec §4: loading, then signed out or signed in (the shapes of
 * `GET /api/auth/session`). A demo user is signed in, with `demo: true`.
 */
export type AuthState =
  | { status: 'loading'; user: null; profile: null; roles: readonly StoredRole[]; demo: false }
  | { status: 'signedOut'; user: null; profile: null; roles: readonly StoredRole[]; demo: false }
  | {
      status: 'signedIn';
      user: SessionUser;
      profile: OwnProfile | null;
      roles: readonly StoredRole[];
      demo: boolean;
      /** While an administrator views the app as this person (read-only): who, and until when. */
      impersonation?: Impersonation | null;
    };

export type SignedInAuth = Extract<AuthState, { status: 'signedIn' }>;

export const LOADING_AUTH: AuthState = {
  status: 'loading',
  user: null,
  profile: null,
  roles: [],
  demo: false,
};
export const SIGNED_OUT_AUTH: AuthState = {
  status: 'signedOut',
  user: null,
  profile: null,
  roles: [],
  demo: false,
};

export const AuthContext = createContext<AuthState>(LOADING_AUTH);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** The name to greet someone by: their full name, else their ztartag, else their email. */
export function displayNameOf(auth: SignedInAuth): string {
  return auth.profile?.fullName || auth.profile?.ztartag || auth.user.email;
}
