import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE_PX,
  PHOTOS_MAX_PER_USER,
  PUBLIC_PROFILE_LIMITS,
  TEXT_LIMITS,
} from '@ztart/shared/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn, TEST_PASSWORD } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { profilePhotos } from './tables.ts';

/** A photo as a phone takes it: a large JPEG with the camera's name and the GPS position where it was taken. */
async function photoWithGpsPosition(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Pocket 9', ImageDescription: 'Our street' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 3600/100',
      },
    })
    .toBuffer();
}

async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 4, background: '#22aa88' } })
    .png()
    .toBuffer();
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('gallery photos and posts', () => {
  let testApp: TestApp;
  let owner: SignedInPerson;
  let stranger: SignedInPerson;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await signUpAndSignIn(testApp.app, { ztartag: 'shutterbug' });
    stranger = await signUpAndSignIn(testApp.app, { ztartag: 'passerby' });
  });
  afterAll(() => testApp.close());

  const upload = (
    body: Buffer | string,
    options: { who?: SignedInPerson; contentType?: string; visibility?: string } = {},
  ) =>
    testApp.app.inject(
      as(options.who ?? owner, {
        method: 'POST',
        url: `/api/profiles/me/photos${options.visibility ? `?visibility=${options.visibility}` : ''}`,
        headers: { 'content-type': options.contentType ?? 'image/jpeg' },
        payload: body,
      }),
    );
  const call = (who: SignedInPerson, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
  const publicProfile = async (tag = 'shutterbug') => {
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${tag}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it('re-encodes an upload to a WebP within the size limit with no metadata: the GPS position is gone', async () => {
    const original = await photoWithGpsPosition();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('SecretCam');

    const answer = await upload(original);

    expect(answer.statusCode, answer.body).toBe(201);
    const photo = answer.json();
    expect(photo).toMatchObject({
      visibility: 'private',
      width: PHOTO_MAX_EDGE_PX,
      height: PHOTO_MAX_EDGE_PX / 2,
    });
    expect(photo.url).toBe(`/api/photos/${photo.id}`);
    const served = await call(owner, 'GET', photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({
      format: 'webp',
      width: PHOTO_MAX_EDGE_PX,
      height: PHOTO_MAX_EDGE_PX / 2,
    });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    const bytes = served.rawPayload.toString('latin1');
    expect(bytes).not.toContain('SecretCam');
    expect(bytes).not.toContain('Our street');
    expect(bytes).not.toContain('GPS');
  });

  it('never enlarges a small photo', async () => {
    const answer = await upload(await smallPng(), { contentType: 'image/png', visibility: 'public' });

    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ width: 80, height: 60, visibility: 'public' });
  });

  it('lists the own photos newest first, page by page', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await upload(await smallPng(), { who: person, contentType: 'image/png' })).json().id);
    }

    const first = await call(person, 'GET', '/api/profiles/me/photos?limit=2');
    const second = await call(
      person,
      'GET',
      `/api/profiles/me/photos?limit=2&cursor=${first.json().nextCursor}`,
    );

    expect(first.json().items.map((photo: { id: string }) => photo.id)).toEqual([ids[2], ids[1]]);
    expect(second.json()).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it('deletes an own photo: it is gone from the list and its address', async () => {
    const photo = (await upload(await smallPng(), { contentType: 'image/png' })).json();

    const answer = await call(owner, 'DELETE', `/api/profiles/me/photos/${photo.id}`);

    expect(answer.statusCode).toBe(204);
    expect((await call(owner, 'GET', photo.url)).statusCode).toBe(404);
    const list = (await call(owner, 'GET', '/api/profiles/me/photos?limit=100')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(photo.id);
    expect((await call(owner, 'DELETE', `/api/profiles/me/photos/${photo.id}`)).statusCode).toBe(404);
  });

  it('shows only public photos and posts on the public profile, to anyone signed out', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'halfopen' });
    const shown = (
      await upload(await smallPng(), { who: person, contentType: 'image/png', visibility: 'public' })
    ).json();
    const hidden = (await upload(await smallPng(), { who: person, contentType: 'image/png' })).json();
    const publicPost = (
      await call(person, 'POST', '/api/posts', {
        text: 'Open to all',
        visibility: 'public',
        photoId: shown.id,
      })
    ).json();
    const privatePost = (
      await call(person, 'POST', '/api/posts', { text: 'Just for me', photoId: hidden.id })
    ).json();
    // A public post with a private photo: the text shows, the photo does not.
    const mixedPost = (
      await call(person, 'POST', '/api/posts', {
        text: 'Text only',
        visibility: 'public',
        photoId: hidden.id,
      })
    ).json();

    const profile = await publicProfile('HalfOpen');

    expect(profile.photos).toEqual([
      { id: shown.id, url: shown.url, width: 80, height: 60, createdAt: shown.createdAt },
    ]);
    expect(profile.posts).toEqual([
      { id: mixedPost.id, text: 'Text only', photo: null, createdAt: mixedPost.createdAt },
      {
        id: publicPost.id,
        text: 'Open to all',
        photo: { id: shown.id, url: shown.url },
        createdAt: publicPost.createdAt,
      },
    ]);
    expect(JSON.stringify(profile)).not.toContain(privatePost.id);
    expect(JSON.stringify(profile)).not.toContain(hidden.id);
    const signedOutPublic = await testApp.app.inject({ method: 'GET', url: shown.url });
    expect(signedOutPublic.statusCode).toBe(200);
    expect(signedOutPublic.headers['cache-control']).toBe('public, max-age=300');
    expect((await testApp.app.inject({ method: 'GET', url: hidden.url })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', hidden.url)).statusCode).toBe(404);
  });

  it('bounds the public profile to the newest public photos and posts', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'prolific' });
    const rows = Array.from({ length: PUBLIC_PROFILE_LIMITS.photos + 2 }, (_, i) => ({
      userId: person.userId,
      content: Buffer.from('x'),
      contentType: 'image/webp',
      width: 1,
      height: 1,
      visibility: 'public',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await testApp.database.db.insert(profilePhotos).values(rows);
    for (let i = 0; i < PUBLIC_PROFILE_LIMITS.posts + 1; i++) {
      expect(
        (await call(person, 'POST', '/api/posts', { text: `Post ${i}`, visibility: 'public' })).statusCode,
      ).toBe(201);
    }

    const profile = await publicProfile('prolific');

    expect(profile.photos).toHaveLength(PUBLIC_PROFILE_LIMITS.photos);
    expect(profile.photos[0].createdAt).toBe(rows.at(-1)!.createdAt.toISOString());
    expect(profile.posts).toHaveLength(PUBLIC_PROFILE_LIMITS.posts);
    expect(profile.posts[0].text).toBe(`Post ${PUBLIC_PROFILE_LIMITS.posts}`);
  });

  it("writes, lists and deletes posts; deleting a post's photo keeps the post", async () => {
    const person = await signUpAndSignIn(testApp.app);
    const photo = (await upload(await smallPng(), { who: person, contentType: 'image/png' })).json();

    const created = await call(person, 'POST', '/api/posts', {
      text: '  Hello\nworld 👋  ',
      photoId: photo.id,
    });

    expect(created.statusCode, created.body).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({
      text: 'Hello\nworld 👋',
      visibility: 'private',
      photo: { id: photo.id, url: photo.url },
    });
    const second = (
      await call(person, 'POST', '/api/posts', { text: 'Second', visibility: 'public' })
    ).json();
    expect((await call(person, 'GET', '/api/posts')).json()).toEqual({
      items: [second, post],
      nextCursor: null,
    });

    await call(person, 'DELETE', `/api/profiles/me/photos/${photo.id}`);
    expect((await call(person, 'GET', '/api/posts')).json().items[1]).toEqual({ ...post, photo: null });

    expect((await call(person, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    expect((await call(person, 'GET', '/api/posts')).json().items).toEqual([second]);
    expect((await call(person, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's photo or post on every route", async () => {
    const photo = (await upload(await smallPng(), { contentType: 'image/png' })).json();
    const publicPhoto = (
      await upload(await smallPng(), { contentType: 'image/png', visibility: 'public' })
    ).json();
    const post = (await call(owner, 'POST', '/api/posts', { text: 'Mine', visibility: 'public' })).json();

    const answers = [
      await call(stranger, 'DELETE', `/api/profiles/me/photos/${photo.id}`),
      await call(stranger, 'DELETE', `/api/profiles/me/photos/${publicPhoto.id}`),
      await call(stranger, 'GET', photo.url),
      await call(stranger, 'DELETE', `/api/posts/${post.id}`),
      await call(stranger, 'POST', '/api/posts', { text: 'Borrowed', photoId: photo.id }),
      await call(stranger, 'POST', '/api/posts', { text: 'Borrowed', photoId: publicPhoto.id }),
      await call(stranger, 'DELETE', `/api/profiles/me/photos/${UNKNOWN_ID}`),
      await call(stranger, 'DELETE', `/api/posts/${UNKNOWN_ID}`),
    ];

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
    expect((await call(stranger, 'GET', '/api/profiles/me/photos')).json().items).toEqual([]);
    expect((await call(stranger, 'GET', '/api/posts')).json().items).toEqual([]);
    expect((await call(owner, 'GET', photo.url)).statusCode).toBe(200);
    const ownPosts = (await call(owner, 'GET', '/api/posts?limit=100')).json().items;
    expect(ownPosts.map((item: { id: string }) => item.id)).toContain(post.id);
  });

  it('refuses bad input with 400 validation_failed, never 500', async () => {
    const bodies = [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(TEXT_LIMITS.post + 1) },
      { text: 'nul \u0000 inside' },
      { text: 'ok', visibility: 'friends' },
      { text: 'ok', photoId: 'not-a-uuid' },
      { text: 42 },
    ];
    for (const body of bodies) {
      const answer = await call(owner, 'POST', '/api/posts', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const paths = [
      ['DELETE', '/api/profiles/me/photos/not-a-uuid'],
      ['DELETE', '/api/posts/123'],
      ['GET', '/api/photos/nope'],
      ['GET', '/api/posts?limit=0'],
      ['GET', '/api/profiles/me/photos?limit=1000'],
    ] as const;
    for (const [method, url] of paths) {
      const answer = await call(owner, method, url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const badCursor = await call(owner, 'GET', '/api/posts?cursor=bm90IGEgY3Vyc29y');
    expect(badCursor.statusCode).toBe(400);
    const badVisibility = await upload(await smallPng(), {
      contentType: 'image/png',
      visibility: 'everyone',
    });
    expect(badVisibility.statusCode).toBe(400);
    expect(badVisibility.json().error.code).toBe('validation_failed');
  });

  it('refuses an empty, foreign or oversized upload like an avatar', async () => {
    const empty = await upload(Buffer.alloc(0));
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"></svg>', {
      contentType: 'image/svg+xml',
    });
    const text = await upload('not a picture', { contentType: 'image/png' });
    const tooBig = await upload(Buffer.alloc(PHOTO_MAX_BYTES + 1, 1));

    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'image_required']);
    expect([svg.statusCode, svg.json().error.code]).toEqual([415, 'image_invalid']);
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'image_invalid']);
    expect([tooBig.statusCode, tooBig.json().error.code]).toEqual([413, 'payload_too_large']);
  });

  it(`keeps at most ${PHOTOS_MAX_PER_USER} photos per person: the next is 422 limit_exceeded`, async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.database.db.insert(profilePhotos).values(
      Array.from({ length: PHOTOS_MAX_PER_USER - 1 }, () => ({
        userId: person.userId,
        content: Buffer.from('x'),
        contentType: 'image/webp',
        width: 1,
        height: 1,
      })),
    );

    const last = await upload(await smallPng(), { who: person, contentType: 'image/png' });
    const over = await upload(await smallPng(), { who: person, contentType: 'image/png' });

    expect(last.statusCode).toBe(201);
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'photos', max: PHOTOS_MAX_PER_USER },
    });
  });

  it('needs sign-in for every own route', async () => {
    const answers = await Promise.all([
      testApp.app.inject({
        method: 'POST',
        url: '/api/profiles/me/photos',
        headers: { 'content-type': 'image/png' },
        payload: Buffer.from('x'),
      }),
      testApp.app.inject({ method: 'GET', url: '/api/profiles/me/photos' }),
      testApp.app.inject({ method: 'DELETE', url: `/api/profiles/me/photos/${UNKNOWN_ID}` }),
      testApp.app.inject({ method: 'GET', url: '/api/posts' }),
      testApp.app.inject({ method: 'POST', url: '/api/posts', payload: { text: 'hi' } }),
      testApp.app.inject({ method: 'DELETE', url: `/api/posts/${UNKNOWN_ID}` }),
    ]);

    for (const answer of answers) expect([401, 403]).toContain(answer.statusCode);
  });

  it('deleting the account removes every photo and post', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'leaving' });
    const photo = (
      await upload(await smallPng(), { who: person, contentType: 'image/png', visibility: 'public' })
    ).json();
    await call(person, 'POST', '/api/posts', { text: 'Bye', visibility: 'public' });

    const deleted = await call(person, 'DELETE', '/api/profiles/me', {
      confirmation: 'DELETE',
      password: TEST_PASSWORD,
    });

    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/public/profiles/leaving' })).statusCode,
    ).toBe(404);
  });
});
