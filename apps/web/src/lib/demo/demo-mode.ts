import type { SessionResponse } from '@ztart/shared/contracts/auth';
import { LANGUAGE_STORAGE_KEY, languageFromTag } from '@ztart/shared/languages';
import { deviceTimeZone } from '@/lib/time-zone';

/**
 * Demo mode (spec §1, §4): a flag in localStorage and a fake user. It lives in the browser only
 * (decision 0008): while it is on, the API client sends nothing that changes state and reads
 * nothing of a real person, and the session is the demo user's.
 */
export const DEMO_STORAGE_KEY = 'ztart.demo';
const DEMO_FLAG_VALUE = 'true';
/**
 * Set when a signed-in person entered the demo: their session cookie stays, so leaving the demo
 * brings their account back (and the way out does not offer to create an account).
 */
export const DEMO_OVER_ACCOUNT_KEY = 'ztart.demo.account-kept';

/** The spec's demo user (full_name, avatar_url, ztartag); the avatar is a local asset. */
export const DEMO_USER = {
  fullName: 'Alex Demo',
  avatarUrl: '/demo/avatar.svg',
  ztartag: 'alex_demo',
} as const;

const DEMO_ID = '00000000-0000-4000-8000-00000000d3e0';
const DEMO_CREATED_AT = '2026-01-01T00:00:00.000Z';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isDemoMode(): boolean {
  return storage()?.getItem(DEMO_STORAGE_KEY) === DEMO_FLAG_VALUE;
}

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Whether the demo was entered from a signed-in account, which comes back when it ends. */
export function isDemoOverAccount(): boolean {
  return isDemoMode() && storage()?.getItem(DEMO_OVER_ACCOUNT_KEY) === DEMO_FLAG_VALUE;
}

/**
 * Turns the flag on or off and tells every subscriber (this tab; other tabs get a storage event).
 * `overAccount`: entered by a signed-in person, whose account the end of the demo returns to.
 */
export function setDemoMode(on: boolean, { overAccount = false }: { overAccount?: boolean } = {}): void {
  const store = storage();
  if (on) {
    store?.setItem(DEMO_STORAGE_KEY, DEMO_FLAG_VALUE);
    if (overAccount) store?.setItem(DEMO_OVER_ACCOUNT_KEY, DEMO_FLAG_VALUE);
  } else {
    store?.removeItem(DEMO_STORAGE_KEY);
    store?.removeItem(DEMO_OVER_ACCOUNT_KEY);
  }
  emit();
}

/** For useSyncExternalStore: changes made here and in other tabs. */
export function subscribeDemoMode(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEMO_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The demo user's session: roles ['user'], level freemium, in the language the app shows. */
export function demoSession(): SessionResponse {
  const language = languageFromTag(storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? document.documentElement.lang);
  return {
    user: {
      id: DEMO_ID,
      email: 'alex.demo@example.com',
      emailVerified: true,
      phone: '+15555550123',
      phoneVerified: true,
      createdAt: DEMO_CREATED_AT,
    },
    profile: {
      id: DEMO_ID,
      userLevel: 'freemium',
      ztartag: DEMO_USER.ztartag,
      ztartagPlan: 'free',
      fullName: DEMO_USER.fullName,
      username: 'alexdemo',
      email: 'alex.demo@example.com',
      phone: '+15555550123',
      birthday: null,
      location: 'Lisbon',
      bio: 'Street musician. Tips keep the songs coming.',
      website: null,
      socialLinks: {},
      avatarUrl: DEMO_USER.avatarUrl,
      language,
      timeZone: deviceTimeZone() ?? 'UTC',
    },
    roles: ['user'],
  };
}
