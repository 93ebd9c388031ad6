import type { QrCode } from '@ztart/shared/contracts/qr-codes';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { attachmentOf } from './images.ts';
import { decodeQrImage, uniqueTag } from './testing.ts';

/** The root element's attributes, after a strict XML parser read the whole document. */
function svgRootOf(text: string): Record<string, string> {
  let root: Record<string, string> | undefined;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    root ??= {
      name: tag.local,
      ...Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
    };
  });
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

describe('QR code images', () => {
  let testApp: TestApp;
  let person: SignedInPerson;
  let ztartag: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { appUrl: 'https://tips.example.com' } });
    ztartag = uniqueTag('me');
    person = await signUpAndSignIn(testApp.app, { ztartag });
  });
  afterAll(() => testApp.close());

  const get = (url: string, who: SignedInPerson = person) =>
    testApp.app.inject(as(who, { method: 'GET', url }));
  const create = async (body: object): Promise<QrCode> => {
    const answer = await testApp.app.inject(
      as(person, { method: 'POST', url: '/api/qr-codes', payload: body }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };

  it('draws a PNG of the requested size that a decoder reads back as the short link', async () => {
    const qr = await create({ title: 'Coffee', currency: 'USD' });

    const answer = await get(`/api/qr-codes/${qr.id}/image.png?size=300`);

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-disposition']).toBeUndefined();
    const metadata = await sharp(answer.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 300, 300]);
    expect(await decodeQrImage(answer.rawPayload)).toBe(`https://tips.example.com/q/${qr.code}`);
  });

  it('draws an SVG that is well-formed XML, square with the viewBox of its size, and decodes to the link', async () => {
    const qr = await create({ title: 'Coffee', currency: 'USD' });

    const answer = await get(`/api/qr-codes/${qr.id}/image.svg?size=256`);

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svgRootOf(answer.body)).toMatchObject({
      name: 'svg',
      width: '256',
      height: '256',
      viewBox: '0 0 256 256',
    });
    expect(await decodeQrImage(answer.body)).toBe(qr.url);
    const defaultSize = svgRootOf((await get(`/api/qr-codes/${qr.id}/image.svg`)).body);
    expect(defaultSize.viewBox).toBe('0 0 512 512');
  });

  it('encodes the EMV payload instead of the link when the option is on, in both formats', async () => {
    const qr = await create({
      title: 'Lunch',
      currency: 'BRL',
      kind: 'payment',
      amountMinor: 2590,
      emv: {
        profile: 'pix',
        pixKey: '+5511987654321',
        merchantName: 'Padaria São João',
        merchantCity: 'Curitiba',
      },
    });
    expect(qr.emvPayload).toMatch(/^000201/);

    const png = await get(`/api/qr-codes/${qr.id}/image.png`);
    const svg = await get(`/api/qr-codes/${qr.id}/image.svg`);

    expect(await decodeQrImage(png.rawPayload)).toBe(qr.emvPayload);
    expect(await decodeQrImage(svg.body)).toBe(qr.emvPayload);
  });

  it('offers the image as a download named after the QR code when asked', async () => {
    const qr = await create({ title: 'Café — Table 4!', currency: 'EUR' });

    const png = await get(`/api/qr-codes/${qr.id}/image.png?download=1`);
    const svg = await get(`/api/qr-codes/${qr.id}/image.svg?download=true`);

    expect(png.headers['content-disposition']).toBe('attachment; filename="ztart-qr-cafe-table-4.png"');
    expect(svg.headers['content-disposition']).toBe('attachment; filename="ztart-qr-cafe-table-4.svg"');
  });

  it('names a download by the short code when the title has nothing readable in ASCII', async () => {
    const qr = await create({ title: '東京カフェ', currency: 'USD' });

    const answer = await get(`/api/qr-codes/${qr.id}/image.svg?download=1`);

    expect(answer.headers['content-disposition']).toBe(`attachment; filename="ztart-qr-${qr.code}.svg"`);
    expect(attachmentOf({ prefix: 'x-', name: ' Ünïcödé  ', fallback: 'f' }, 'png')).toBe(
      'attachment; filename="x-unicode.png"',
    );
  });

  it('refuses sizes outside 128 to 2048 pixels', async () => {
    const qr = await create({ title: 'Coffee', currency: 'USD' });

    const answers = await Promise.all(
      ['size=127', 'size=2049', 'size=big', 'download=maybe'].map((query) =>
        get(`/api/qr-codes/${qr.id}/image.png?${query}`),
      ),
    );

    expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual(
      answers.map(() => [400, 'validation_failed']),
    );
  });

  it('does not draw a deleted QR code', async () => {
    const qr = await create({ title: 'Coffee', currency: 'USD' });
    await testApp.app.inject(as(person, { method: 'DELETE', url: `/api/qr-codes/${qr.id}` }));

    const answer = await get(`/api/qr-codes/${qr.id}/image.png`);

    expect(answer.statusCode).toBe(404);
  });

  describe('My QR', () => {
    it('draws the person’s tip link, as PNG and SVG', async () => {
      const png = await get('/api/me/qr.png?size=400');
      const svg = await get('/api/me/qr.svg');

      const tipLink = `https://tips.example.com/quick-tip?to=${ztartag}`;
      expect(png.headers['content-type']).toBe('image/png');
      expect(await decodeQrImage(png.rawPayload)).toBe(tipLink);
      expect(svgRootOf(svg.body).viewBox).toBe('0 0 512 512');
      expect(await decodeQrImage(svg.body)).toBe(tipLink);
    });

    it('downloads as a file named after the ztartag', async () => {
      const answer = await get('/api/me/qr.png?download=1');

      expect(answer.headers['content-disposition']).toBe(`attachment; filename="ztart-${ztartag}.png"`);
    });

    it('asks a person without a ztartag to choose one first', async () => {
      const tagless = await signUpAndSignIn(testApp.app);

      const answers = await Promise.all([get('/api/me/qr.png', tagless), get('/api/me/qr.svg', tagless)]);

      expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
        [409, 'ztartag_required'],
        [409, 'ztartag_required'],
      ]);
    });
  });
});
