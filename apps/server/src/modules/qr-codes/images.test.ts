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

/** The text of every <text> element, in order. */
function svgTextsOf(text: string): string[] {
  const texts: string[] = [];
  let current: string | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    if (tag.local === 'text') current = '';
  });
  parser.on('text', (value) => {
    if (current !== null) current += value;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'text' && current !== null) texts.push(current);
    if (tag.local === 'text') current = null;
  });
  parser.write(text).close();
  return texts;
}

/** Grey pixels of a PNG, one byte each, row by row. */
async function greyOf(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Dark pixels in rows `from` to `to` (not included). */
function inkIn(image: { data: Buffer; width: number }, from: number, to: number): number {
  let dark = 0;
  for (let i = from * image.width; i < to * image.width; i++) if (image.data[i]! < 128) dark++;
  return dark;
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

  it('labels a download with the title, the owner and "scan to tip" in their language, and it still decodes', async () => {
    const named = await testApp.app.inject(
      as(person, { method: 'PATCH', url: '/api/profiles/me', payload: { fullName: 'Ana <Lima>' } }),
    );
    expect(named.statusCode, named.body).toBe(200);
    const qr = await create({ title: 'Summer gig', currency: 'USD' });

    const png = await get(`/api/qr-codes/${qr.id}/image.png?download=1&size=400&lang=es`);

    expect(png.statusCode).toBe(200);
    const labelled = await greyOf(png.rawPayload);
    const bare = await greyOf((await get(`/api/qr-codes/${qr.id}/image.png?size=400`)).rawPayload);
    expect(labelled.width).toBe(400);
    expect(labelled.height).toBeGreaterThan(400);
    // The bare code sits whole in the labelled one, pixel for pixel; the words are above and below it.
    const codeSize = bare.data.length;
    let top = -1;
    for (let y = 0; y + 400 <= labelled.height && top < 0; y++) {
      if (labelled.data.subarray(y * 400, y * 400 + codeSize).equals(bare.data)) top = y;
    }
    expect(top).toBeGreaterThan(0);
    expect(inkIn(labelled, 0, top)).toBeGreaterThan(50);
    expect(inkIn(labelled, top + 400, labelled.height)).toBeGreaterThan(50);
    expect(await decodeQrImage(png.rawPayload)).toBe(qr.url);

    const svg = await get(`/api/qr-codes/${qr.id}/image.svg?download=1&lang=es`);
    expect(svgTextsOf(svg.body)).toEqual([
      'Summer gig',
      `Ana <Lima> (@${ztartag})`,
      'Escanea para dar propina',
    ]);
    expect(svgRootOf(svg.body).width).toBe('512');
    expect(await decodeQrImage(svg.body)).toBe(qr.url);
    // Without a language asked for, the person's own; a plain image stays a bare square.
    const inTheirs = await get(`/api/qr-codes/${qr.id}/image.svg?download=1`);
    expect(svgTextsOf(inTheirs.body)).toContain('Scan to tip');
    expect(svgTextsOf((await get(`/api/qr-codes/${qr.id}/image.svg`)).body)).toEqual([]);
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

    it('downloads as a file named after the ztartag, labelled with a heading, the name and "scan to tip"', async () => {
      const answer = await get('/api/me/qr.png?download=1&lang=fr');
      const svg = await get('/api/me/qr.svg?download=1&lang=pt');

      expect(answer.headers['content-disposition']).toBe(`attachment; filename="ztart-${ztartag}.png"`);
      expect(await decodeQrImage(answer.rawPayload)).toBe(`https://tips.example.com/quick-tip?to=${ztartag}`);
      expect(svgTextsOf(svg.body)).toEqual([
        'Gorjetas são bem-vindas',
        expect.stringContaining(`(@${ztartag})`),
        'Escaneie para dar gorjeta',
      ]);
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
