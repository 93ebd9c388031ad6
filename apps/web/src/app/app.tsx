import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { startFromFirstData } from '@/app/first-paint/first-data';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { getAppI18n } from '@/i18n/i18n';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // A page rendered with the person's first answers hands them over (decision 0055).
    startFromFirstData(client);
    return client;
  });
  // With the query client: a screen's data can start loading with its code (decision 0034).
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders i18n={getAppI18n()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
