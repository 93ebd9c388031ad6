import { POSTS_MAX_PER_USER, RATE_LIMITS } from '@ztart/shared/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { posts } from './tables.ts';

const UPLOADS = 2;
const POSTS = 3;

async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background: '#22aa88' } })
    .png()
    .toBuffer();
}

describe('how many photos and posts a person may add', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: {
        photoUploadPerUser: { max: UPLOADS, windowSeconds: 3_600 },
        postCreatePerUser: { max: POSTS, windowSeconds: 3_600 },
      },
    });
  });
  afterAll(() => testApp.close());

  const upload = async (who: SignedInPerson, ip = who.ip) =>
    testApp.app.inject(
      as(
        { ...who, ip },
        {
          method: 'POST',
          url: '/api/profiles/me/photos',
          headers: { 'content-type': 'image/png' },
          payload: await smallPng(),
        },
      ),
    );
  const post = (who: SignedInPerson, text: string, ip = who.ip) =>
    testApp.app.inject(as({ ...who, ip }, { method: 'POST', url: '/api/posts', payload: { text } }));

  it('limits photo uploads per person (429 with Retry-After), whatever the address; others are not held back', async () => {
    const person = await signUpAndSignIn(testApp.app);
    for (let i = 0; i < UPLOADS; i++) {
      expect((await upload(person, `2001:db8::66:${i}`)).statusCode).toBe(201);
    }
    const limited = await upload(person, '2001:db8::66:ff');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(await signUpAndSignIn(testApp.app))).statusCode).toBe(201);
  });

  it('limits new posts per person (429 with Retry-After); others are not held back', async () => {
    const person = await signUpAndSignIn(testApp.app);
    for (let i = 0; i < POSTS; i++) {
      expect((await post(person, `Post ${i}`, `2001:db8::67:${i}`)).statusCode).toBe(201);
    }
    const limited = await post(person, 'One too many', '2001:db8::67:ff');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(await signUpAndSignIn(testApp.app), 'Hello')).statusCode).toBe(201);
  });

  it(`keeps at most ${POSTS_MAX_PER_USER} posts per person: the next is 422 limit_exceeded`, async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.database.db.insert(posts).values(
      Array.from({ length: POSTS_MAX_PER_USER - 1 }, (_, i) => ({
        userId: person.userId,
        text: `Old ${i}`,
        visibility: 'private',
      })),
    );
    expect((await post(person, 'The last one')).statusCode).toBe(201);
    const over = await post(person, 'Over');
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'posts', max: POSTS_MAX_PER_USER },
    });
  });

  it('has limits a real person never reaches', () => {
    expect(RATE_LIMITS.photoUploadPerUser.max).toBeGreaterThanOrEqual(20);
    expect(RATE_LIMITS.postCreatePerUser.max).toBeGreaterThanOrEqual(20);
    expect(POSTS_MAX_PER_USER).toBeGreaterThanOrEqual(500);
  });
});
