import type { Business, BusinessInvitation } from '@ztart/shared/contracts/businesses';
import type { UserLevel } from '@ztart/shared/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { profiles } from '../modules/profiles/tables.ts';
import { as, type SignedInPerson } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { createPerson, type Person, uniqueZtartag } from './transfer-fixtures.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * Calls, people, businesses and teams for the business tests, on the test app `testApp()` returns
 * (built in the file's `beforeAll`).
 */
export function businessFixtures(testApp: () => TestApp) {
  const db = () => testApp().database.db;

  /** A request as `who`, or signed out when `who` is null. */
  const call = (
    who: SignedInPerson | null,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const options = { method, url, ...(payload === undefined ? {} : { payload }), headers };
    return testApp().app.inject(who ? as(who, options) : options);
  };

  /** An error answer's status with its `error` body, to match in one expectation. */
  const errorOf = (answer: { statusCode: number; json: () => { error: object } }) => ({
    status: answer.statusCode,
    ...answer.json().error,
  });

  /** A new signed-in person with a verified phone (so no amount limit of an unverified one applies). */
  const person = () => createPerson(testApp().app, db(), { phoneVerified: true });

  const setLevel = (who: Person, level: UserLevel) =>
    db().update(profiles).set({ userLevel: level }).where(eq(profiles.id, who.userId));

  const personAt = async (level: UserLevel) => {
    const who = await person();
    await setLevel(who, level);
    return who;
  };

  const createBusiness = async (owner: Person, name = 'Café Aurora') => {
    const answer = await call(owner, 'POST', '/api/businesses', {
      name,
      tag: uniqueZtartag('biz'),
      currency: 'USD',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Business>();
  };

  /** The answer to inviting `ztartag`, whatever it is. */
  const inviteByTag = (owner: Person, businessId: string, ztartag: string) =>
    call(owner, 'POST', `/api/businesses/${businessId}/invitations`, { ztartag });

  /** An invitation that must be sent. */
  const invite = async (owner: Person, businessId: string, member: Person) => {
    const answer = await inviteByTag(owner, businessId, member.ztartag);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<BusinessInvitation>();
  };

  const accept = (member: Person, invitationId: string) =>
    call(member, 'POST', `/api/business-invitations/${invitationId}/accept`);

  /** `member` invited and accepted: an approved member of the business. */
  const joinBusiness = async (owner: Person, businessId: string, member: Person) => {
    const accepted = await accept(member, (await invite(owner, businessId, member)).id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<BusinessInvitation>().status).toBe('approved');
  };

  return {
    call,
    errorOf,
    person,
    setLevel,
    personAt,
    createBusiness,
    inviteByTag,
    invite,
    accept,
    joinBusiness,
  };
}
