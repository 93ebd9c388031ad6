import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { Language } from '@ztart/shared/languages';
import type { StoredRole, UserLevel } from '@ztart/shared/roles';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { Toaster } from '@/components/ui/toast/toaster';
import { AuthContext, type AuthState, type OwnProfile, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { demoAuthState } from '@/lib/auth/session';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { ownProfile, sessionUser } from '@/test/fixtures';
import { createTestI18n } from '@/test/i18n';

export interface TestOptions {
  /** A fixed authentication state; without it, the real AuthProvider asks the (mocked) server. */
  auth?: AuthState | 'provider';
  language?: Language;
  /** Renders the toaster, to see the toasts of the app's store. */
  toaster?: boolean;
}

/** A signed-in state for tests. */
export function signedIn(
  roles: StoredRole[] = ['user'],
  userLevel: UserLevel = 'freemium',
  profile: Partial<OwnProfile> = {},
): AuthState {
  return {
    status: 'signedIn',
    user: sessionUser(),
    profile: ownProfile({ userLevel, ...profile }),
    roles,
    demo: false,
  };
}

/** The demo user's state (the flag itself is set with `setDemoMode(true)` where a test needs it). */
export function demoUser(): AuthState {
  return demoAuthState();
}

export function TestProviders({
  auth = SIGNED_OUT_AUTH,
  language = 'en',
  toaster = false,
  children,
}: TestOptions & { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  const [i18n] = useState(() => createTestI18n(language));
  const content = (
    <>
      {children}
      {toaster ? <Toaster /> : null}
    </>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {auth === 'provider' ? (
            <AuthProvider>{content}</AuthProvider>
          ) : (
            <AuthContext value={auth}>{content}</AuthContext>
          )}
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export function renderWithProviders(ui: ReactNode, options: TestOptions = {}): RenderResult {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** Renders the app's real route table at `path` (lazy screens included) in a memory router. */
export function renderRoute(path: string, options: TestOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />, options);
  return { router, ...result };
}
