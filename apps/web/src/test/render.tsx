import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { Language } from '@ztart/shared/languages';
import type { StoredRole, UserLevel } from '@ztart/shared/roles';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { AuthContext, type AuthState, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { createTestI18n } from '@/test/i18n';

export interface TestOptions {
  auth?: AuthState;
  language?: Language;
}

/** A signed-in state for tests. */
export function signedIn(roles: StoredRole[] = ['user'], userLevel: UserLevel = 'freemium'): AuthState {
  return {
    status: 'signedIn',
    user: { id: 'user-1', email: 'ana@example.com' },
    profile: { id: 'user-1', user_level: userLevel, ztartag: 'ana', full_name: 'Ana Lima' },
    roles,
  };
}

export function TestProviders({
  auth = SIGNED_OUT_AUTH,
  language = 'en',
  children,
}: TestOptions & { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [i18n] = useState(() => createTestI18n(language));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AuthContext value={auth}>{children}</AuthContext>
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
