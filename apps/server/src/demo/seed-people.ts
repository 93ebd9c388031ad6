import type { Language } from '@ztart/shared/languages';
import type { StoredRole, UserLevel } from '@ztart/shared/roles';

/**
 * The password of every demo person (development seed only, never production), so that a person
 * trying the app can sign in as any of them. Their emails are verified.
 */
export const DEMO_PASSWORD = 'ztart-demo-2026';

/** A demo person loaded by the seed outside production. Ids are fixed so that reruns find them. */
export interface DemoPerson {
  id: string;
  email: string;
  fullName: string;
  ztartag: string;
  userLevel: UserLevel;
  roles: StoredRole[];
  language: Language;
  location: string;
  bio: string;
  /**
   * A confirmed phone number, from the ranges kept for fiction: with the verified email it makes
   * the person verified, so that the demo shows transfers above the unverified daily limit.
   */
  verifiedPhone?: string;
}

/** Emails use example.com, a domain reserved for examples, so no mail can reach a real person. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    id: '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0001',
    email: 'maria.santos@example.com',
    fullName: 'Maria Santos',
    ztartag: 'maria_waits',
    userLevel: 'standard',
    roles: ['user'],
    language: 'pt',
    location: 'Lisbon, Portugal',
    bio: 'Waiter at Café Aurora. Thank you for every tip!',
  },
  {
    id: '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0002',
    email: 'leo.martin@example.com',
    fullName: 'Leo Martín',
    ztartag: 'leo_guitar',
    userLevel: 'freemium',
    roles: ['user'],
    language: 'es',
    location: 'Madrid, Spain',
    bio: 'Street musician at Plaza Mayor, flamenco and pop covers every evening.',
  },
  {
    id: '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0003',
    email: 'sam.okafor@example.com',
    fullName: 'Sam Okafor',
    ztartag: 'sam_drives',
    userLevel: 'pro',
    roles: ['user', 'pro'],
    language: 'en',
    location: 'Chicago, USA',
    bio: 'Ride-share driver. Water and phone chargers on board.',
    verifiedPhone: '+13125550147',
  },
  {
    id: '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0004',
    email: 'claire.dubois@example.com',
    fullName: 'Claire Dubois',
    ztartag: 'cafe_aurora',
    userLevel: 'business',
    roles: ['user'],
    language: 'fr',
    location: 'Lyon, France',
    bio: 'Owner of Café Aurora: tips go to the whole team.',
    verifiedPhone: '+33639980147',
  },
  {
    id: '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0005',
    email: 'ada.admin@example.com',
    fullName: 'Ada Lindqvist',
    ztartag: 'ztart_admin',
    userLevel: 'premium',
    roles: ['user', 'admin'],
    language: 'en',
    location: 'Stockholm, Sweden',
    bio: 'Runs the Ztart Tips platform.',
  },
];
