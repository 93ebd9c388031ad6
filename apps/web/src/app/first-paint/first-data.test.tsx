import { FIRST_DATA_ELEMENT_ID, type HomeFirstData } from '@ztart/shared/first-paint';
import { afterEach, describe, expect, it } from 'vitest';
import { startFromFirstData } from '@/app/first-paint/first-data';
import { createQueryClient } from '@/app/query-client';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard';
import { demoDashboard } from '@/features/dashboard/demo-dashboard';
import type { AuthState } from '@/lib/auth/auth-context';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';
import { demoSession, setDemoMode } from '@/lib/demo/demo-mode';

/** A page as the server sends a signed-in person's home: its answers in a JSON block. */
function pageWith(content: string): Document {
  const doc = document.implementation.createHTMLDocument('home');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_DATA_ELEMENT_ID;
  element.textContent = content;
  doc.body.append(element);
  return doc;
}

function answers(): HomeFirstData {
  const session = { ...demoSession(), profile: { ...demoSession().profile!, timeZone: 'Europe/Lisbon' } };
  return { session, dashboard: demoDashboard('Europe/Lisbon') };
}

afterEach(() => setDemoMode(false));

describe("the answers a person's home page came with", () => {
  it('are in the cache before the app renders, as the session and the home’s figures, and leave the page', () => {
    const data = answers();
    const doc = pageWith(JSON.stringify(data));
    const queryClient = createQueryClient();
    startFromFirstData(queryClient, doc);

    const auth = queryClient.getQueryData<AuthState>(SESSION_QUERY_KEY);
    expect(auth).toMatchObject({ status: 'signedIn', demo: false, user: data.session.user });
    expect(queryClient.getQueryData(dashboardKeys.home('Europe/Lisbon'))).toEqual(data.dashboard);
    expect(doc.getElementById(FIRST_DATA_ELEMENT_ID)).toBeNull();

    // A second client of the same page (React's StrictMode makes two) gets the same answers.
    const again = createQueryClient();
    startFromFirstData(again, doc);
    expect(again.getQueryData(dashboardKeys.home('Europe/Lisbon'))).toEqual(data.dashboard);
  });

  it('are left alone in demo mode, whose person is not the session’s', () => {
    setDemoMode(true);
    const queryClient = createQueryClient();
    startFromFirstData(queryClient, pageWith(JSON.stringify(answers())));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
  });

  it('are ignored when they are not what the server writes: the app asks instead', () => {
    for (const content of ['{not json', 'null', '{"session":{}}']) {
      const queryClient = createQueryClient();
      startFromFirstData(queryClient, pageWith(content));
      expect(queryClient.getQueryData(SESSION_QUERY_KEY), content).toBeUndefined();
    }
  });

  it('are nothing on a page without them', () => {
    const queryClient = createQueryClient();
    startFromFirstData(queryClient, document.implementation.createHTMLDocument('other'));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
