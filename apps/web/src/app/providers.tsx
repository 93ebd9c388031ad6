import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from '@/app/error-boundary';
import { StartupSkeleton } from '@/app/layout/page-skeleton';
import { Toaster } from '@/components/ui/toast/toaster';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ThemeProvider } from '@/lib/theme/theme-provider';

export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a screen may rely on: translations, the error boundary, data queries, theme,
 * authentication state and toasts. While the first catalogues load, the fallback shows shapes
 * only: nothing can be translated before they arrive.
 */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <Suspense fallback={<StartupSkeleton />}>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider>
              <AuthProvider>
                {children}
                {/* Its own boundary: the toaster waiting for a catalogue must not blank the page. */}
                <Suspense fallback={null}>
                  <Toaster />
                </Suspense>
              </AuthProvider>
            </ThemeProvider>
          </QueryClientProvider>
        </Suspense>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
