import type { QueryClient } from '@tanstack/react-query';
import { prepareMoneyFormats } from '@ztart/shared/money';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { bootSaysSignedIn, bootTagsAdded } from '@/app/first-paint/booted';
import { startFromFirstData } from '@/app/first-paint/first-data';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { getAppI18n } from '@/i18n/i18n';
import { awaitPreloadedSession, hasSignedInSession } from '@/lib/auth/session';

/** What the app needs before its first render. */
export interface AppParts {
  i18n: I18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

function createQueryClientFromFirstData(): QueryClient {
  const client = createQueryClient();
  // A page rendered with the person's first answers hands them over (decision 0055).
  startFromFirstData(client);
  return client;
}

/** Lets the browser paint and answer input before the next step of the start. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Makes the app's parts one per task, after the task that ran the app's scripts: the translations,
 * the query client, then the router (which matches the page's route and starts loading its screen
 * and data), once the page's boot script has asked for the screen's modules. Together, in the first
 * render, they made one task too long for a slow phone. Then it waits for the session the page
 * asked for with its HTML, if it did, and meanwhile, for someone signed in, prepares the money
 * formats of their screens in a task of its own (decisions 0060 and 0061).
 */
export async function prepareApp(): Promise<AppParts> {
  await nextTask();
  const i18n = getAppI18n();
  await nextTask();
  const queryClient = createQueryClientFromFirstData();
  await bootTagsAdded();
  await nextTask();
  // With the query client: a screen's data can start loading with its code (decision 0034).
  const router = createAppRouter(queryClient);
  const session = awaitPreloadedSession(queryClient);
  if (hasSignedInSession(queryClient) || bootSaysSignedIn()) {
    await nextTask();
    prepareMoneyFormats(i18n.language);
  }
  await session;
  return { i18n, queryClient, router };
}

export function App({ parts }: { parts?: AppParts }) {
  const [queryClient] = useState(() => parts?.queryClient ?? createQueryClientFromFirstData());
  const [router] = useState(() => parts?.router ?? createAppRouter(queryClient));
  return (
    <AppProviders i18n={parts?.i18n ?? getAppI18n()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
