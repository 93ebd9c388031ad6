import { AVATAR_MAX_BYTES } from '@ztart/shared/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** A photo as a phone takes it: JPEG with the camera's name and the GPS position where it was taken. */
async function photoWithGpsPosition(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Pocket 9', ImageDescription: 'Home sweet home' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 3600/100',
      },
    })
    .toBuffer();
}

describe('profile photos', () => {
  let testApp: TestApp;
  let person: SignedInPerson;
  beforeAll(async () => {
    testApp = await buildTestApp();
    person = await signUpAndSignIn(testApp.app, { ztartag: 'photogenic' });
  });
  afterAll(() => testApp.close());

  const upload = (body: Buffer | string, contentType = 'image/jpeg', who: SignedInPerson = person) =>
    testApp.app.inject(
      as(who, {
        method: 'PUT',
        url: '/api/profiles/me/avatar',
        headers: { 'content-type': contentType },
        payload: body,
      }),
    );

  it('re-encodes an upload to a 512×512 WebP with no metadata: the GPS position is gone', async () => {
    const original = await photoWithGpsPosition();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('SecretCam');

    const answer = await upload(original);

    expect(answer.statusCode).toBe(200);
    const avatarUrl: string = answer.json().avatarUrl;
    expect(avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);
    const served = await testApp.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    const bytes = served.rawPayload.toString('latin1');
    expect(bytes).not.toContain('SecretCam');
    expect(bytes).not.toContain('Home sweet home');
    expect(bytes).not.toContain('GPS');
  });

  it('shows the photo on the public profile, under a new address at every upload', async () => {
    const first = (await upload(await photoWithGpsPosition())).json().avatarUrl;
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#22aa88' } })
      .png()
      .toBuffer();

    const second = (await upload(png, 'image/png')).json().avatarUrl;

    expect(second).not.toBe(first);
    expect((await testApp.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const publicProfile = await testApp.app.inject({ method: 'GET', url: '/api/public/profiles/photogenic' });
    expect(publicProfile.json().avatarUrl).toBe(second);
  });

  it.each([
    [
      'gif',
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
          .gif()
          .toBuffer(),
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: '#654321' } })
          .webp()
          .toBuffer(),
    ],
  ])('accepts a %s', async (format, make) => {
    const answer = await upload(await make(), `image/${format}`);

    expect(answer.statusCode).toBe(200);
  });

  it('refuses an empty body with 400 image_required', async () => {
    const answer = await upload(Buffer.alloc(0));

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('image_required');
  });

  it('refuses what is not an image with 415 image_invalid, whatever the declared type', async () => {
    const text = await upload('just some text, not a picture', 'image/png');
    const svg = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    const pdf = await upload('%PDF-1.7 ...', 'application/pdf');
    const truncatedPng = await upload(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'image/png',
    );

    for (const answer of [text, svg, pdf, truncatedPng]) {
      expect(answer.statusCode).toBe(415);
      expect(answer.json().error.code).toBe('image_invalid');
    }
  });

  it('refuses a file above 5 MB with 413', async () => {
    const answer = await upload(Buffer.alloc(AVATAR_MAX_BYTES + 1, 1));

    expect(answer.statusCode).toBe(413);
    expect(answer.json().error.code).toBe('payload_too_large');
  });

  it('needs a signed-in person', async () => {
    const answer = await testApp.app.inject({
      method: 'PUT',
      url: '/api/profiles/me/avatar',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });

    expect(answer.statusCode).toBe(401);
  });

  it('removes the photo on request', async () => {
    const other = await signUpAndSignIn(testApp.app);
    const url = (await upload(await photoWithGpsPosition(), 'image/jpeg', other)).json().avatarUrl;

    const answer = await testApp.app.inject(as(other, { method: 'DELETE', url: '/api/profiles/me/avatar' }));

    expect(answer.statusCode).toBe(200);
    expect(answer.json().avatarUrl).toBeNull();
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
