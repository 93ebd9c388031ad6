import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptedResponse, SignInRequest, SignUpRequest } from '@ztart/shared/contracts/auth';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';
import { afterNextNavigation } from '@/lib/after-navigation';
import { ApiError, api, waitMinutesOf } from '@/lib/api-client';
import { type AuthState, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { fetchSession, parseSession, replaceSession, SESSION_QUERY_KEY } from '@/lib/auth/session';
import { APP_ACTIONS, logUserAction } from '@/lib/user-actions';

/**
 * Sign-in, sign-up, sign-out and refresh (the accounts API of `@ztart/shared/contracts/auth`),
 * each a mutation that keeps `['auth', 'session']` in step and shows the toasts of spec §8.
 */

/**
 * The description of an error toast: the server's code translated, or the fallback when this
 * build does not know the code (spec §8: "server message, or 'An unexpected error occurred'").
 */
export function errorDescription(i18n: I18n, error: unknown, fallbackKey: string): string {
  const code = error instanceof ApiError ? error.code : null;
  const minutes = waitMinutesOf(error);
  if (code === 'rate_limited' && minutes !== null)
    return i18n.t('common:rateLimitedWait', { count: minutes });
  return code && i18n.exists(code, { ns: 'errors' })
    ? i18n.t(`errors:${code}` as 'errors:internal_error')
    : i18n.t(fallbackKey as 'account:toasts.unexpectedError');
}

/** Toasts may fire where the account catalogue has not loaded yet (the header): load it first. */
async function withAccountTexts(i18n: I18n, show: () => void): Promise<void> {
  await i18n.loadNamespaces(['account', 'errors']);
  show();
}

/** `POST /api/auth/sign-in` → the session; 'Login successful', or 'Login Error' with the reason. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation<AuthState, unknown, SignInRequest>({
    mutationFn: async (body) => parseSession(await api.post<unknown>('/api/auth/sign-in', body)),
    onSuccess: async (state) => {
      replaceSession(queryClient, state);
      logUserAction(APP_ACTIONS.signedIn, 'password');
      await withAccountTexts(i18n, () =>
        toast({ title: i18n.t('account:toasts.loginSuccess'), variant: 'success' }),
      );
    },
    onError: (error) =>
      withAccountTexts(i18n, () =>
        toast({
          title: i18n.t('account:toasts.loginError'),
          description: errorDescription(i18n, error, 'account:toasts.unexpectedError'),
          variant: 'destructive',
        }),
      ),
  });
}

/** `POST /api/auth/sign-up` → 201 accepted (the same for a taken email): 'Account Created'. */
export function useSignUp() {
  const { i18n } = useTranslation();
  return useMutation<AcceptedResponse, unknown, SignUpRequest>({
    mutationFn: (body) => api.post<AcceptedResponse>('/api/auth/sign-up', body),
    onSuccess: () =>
      withAccountTexts(i18n, () =>
        toast({
          title: i18n.t('account:toasts.accountCreated'),
          description: i18n.t('account:toasts.accountCreatedDescription'),
          variant: 'success',
        }),
      ),
    onError: (error) =>
      withAccountTexts(i18n, () =>
        toast({
          title: i18n.t('account:toasts.registrationError'),
          description: errorDescription(i18n, error, 'account:toasts.unexpectedError'),
          variant: 'destructive',
        }),
      ),
  });
}

/** A session that the server no longer has: signing out of it has already happened. */
function alreadySignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export interface LeaveOptions {
  /**
   * Moves to the next screen (`() => navigate('/')`); the session empties once it shows, so the
   * screen being left, if it needs sign-in, does not send the person to the sign-in page.
   */
  leave?: () => void;
}

/** Empties the session: at once, or once `leave` has moved to the next screen. */
function endSession(queryClient: QueryClient, { leave }: LeaveOptions): void {
  if (!leave) {
    replaceSession(queryClient, SIGNED_OUT_AUTH);
    return;
  }
  afterNextNavigation(() => replaceSession(queryClient, SIGNED_OUT_AUTH));
  leave();
}

/** `POST /api/auth/sign-out`: 'Signed Out', or 'Sign Out Failed' (still signed in). */
export function useSignOut(options: LeaveOptions = {}) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const signedOut = () => {
    endSession(queryClient, options);
    return withAccountTexts(i18n, () =>
      toast({
        title: i18n.t('account:toasts.signedOut'),
        description: i18n.t('account:toasts.signedOutDescription'),
        variant: 'success',
      }),
    );
  };
  return useMutation<void, unknown, void>({
    mutationFn: async () => {
      try {
        await api.post<void>('/api/auth/sign-out');
      } catch (error) {
        if (!alreadySignedOut(error)) throw error;
      }
    },
    onSuccess: signedOut,
    onError: (error) =>
      withAccountTexts(i18n, () =>
        toast({
          title: i18n.t('account:toasts.signOutFailed'),
          description: errorDescription(i18n, error, 'account:toasts.signOutFailedDescription'),
          variant: 'destructive',
        }),
      ),
  });
}

/** Asks the server again who is signed in (after a verified email, a changed phone...). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useMutation<AuthState, unknown, void>({
    mutationFn: () => fetchSession(),
    onSuccess: (state) => queryClient.setQueryData(SESSION_QUERY_KEY, state),
    onError: () => queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT_AUTH),
  });
}

/** After the account is deleted: the person is signed out here too. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return (options: LeaveOptions = {}) => endSession(queryClient, options);
}

/** Writes a changed profile into the session (after `PATCH /api/profiles/me` and the avatar calls). */
export function useSetSessionProfile() {
  const queryClient = useQueryClient();
  return (profile: NonNullable<AuthState['profile']>) =>
    queryClient.setQueryData<AuthState>(SESSION_QUERY_KEY, (current) =>
      current?.status === 'signedIn' ? { ...current, profile } : current,
    );
}
