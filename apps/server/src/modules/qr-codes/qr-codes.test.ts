import { randomBytes } from 'node:crypto';
import {
  type CreateQrCodeRequest,
  DEFAULT_DYNAMIC_QR,
  type DynamicQr,
  QR_CODES_MAX_PER_USER,
  type QrCode,
} from '@ztart/shared/contracts/qr-codes';
import { parseEmvPayload, readEmvPayment } from '@ztart/shared/emv';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createQrCode } from './service.ts';
import { qrCodes } from './tables.ts';
import { uniqueTag } from './testing.ts';

const coffee = { title: 'Coffee tips', currency: 'USD' } as const;
const dynamicWithMenu: DynamicQr = {
  enabled: true,
  timeZone: 'America/Sao_Paulo',
  redirectUrl: null,
  message: 'Thank you!',
  rules: [
    {
      conditions: { time: { startHour: 11, endHour: 15 } },
      target: { redirectUrl: 'https://cafe.example.com/lunch', message: null },
    },
  ],
};

describe('QR codes', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const receiver = () => signUpAndSignIn(testApp.app, { ztartag: uniqueTag() });
  const call = (
    person: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => testApp.app.inject(as(person, { method, url, ...(payload ? { payload } : {}) }));
  const create = async (person: SignedInPerson, body: object = coffee): Promise<QrCode> => {
    clock.advance({ seconds: 1 });
    const answer = await call(person, 'POST', '/api/qr-codes', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  const list = async (person: SignedInPerson): Promise<QrCode[]> =>
    (await call(person, 'GET', '/api/qr-codes')).json().items;
  const errorOf = (answer: { statusCode: number; json: () => { error: object } }) => ({
    status: answer.statusCode,
    ...answer.json().error,
  });

  it('creates a tip QR code with a random 8-character short link and lists it', async () => {
    const person = await receiver();

    const qr = await create(person, { ...coffee, description: 'By the till' });

    expect(qr).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      url: `http://localhost:3000/q/${qr.code}`,
      title: 'Coffee tips',
      description: 'By the till',
      kind: 'tip_link',
      amountMinor: null,
      currency: 'USD',
      emv: { profile: 'none' },
      emvPayload: null,
      dynamic: { enabled: false, timeZone: 'UTC', redirectUrl: null, message: null, rules: [] },
      scanCount: 0,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    expect(await list(person)).toEqual([qr]);
    expect((await call(person, 'GET', `/api/qr-codes/${qr.id}`)).json()).toEqual(qr);
  });

  it('gives every QR code its own short code and lists the newest first', async () => {
    const person = await receiver();
    const first = await create(person);
    const second = await create(person, { ...coffee, title: 'Second' });

    expect(first.code).not.toBe(second.code);
    expect((await list(person)).map((qr) => qr.id)).toEqual([second.id, first.id]);
  });

  it('draws another short code when the first one drawn is taken', async () => {
    const person = await receiver();
    const taken = await create(person);
    const codes = [taken.code, taken.code, 'Fresh123'];
    const context = { db: testApp.database.db, config: testApp.config, now: clock.now };
    const body = { ...coffee, kind: 'tip_link', amountMinor: null, emv: { profile: 'none' } } as const;

    const qr = await createQrCode(context as never, person.userId, body satisfies CreateQrCodeRequest, {
      newShortCode: () => codes.shift()!,
    });

    expect(qr.code).toBe('Fresh123');
    expect(codes).toEqual([]);
  });

  it('creates a payment QR code with a fixed amount, and refuses one without an amount', async () => {
    const person = await receiver();

    const qr = await create(person, { ...coffee, kind: 'payment', amountMinor: 500 });
    const refused = await call(person, 'POST', '/api/qr-codes', { ...coffee, kind: 'payment' });

    expect([qr.kind, qr.amountMinor]).toEqual(['payment', 500]);
    expect(errorOf(refused)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: { issues: [{ path: 'amountMinor', message: 'validation.amountRequired' }] },
    });
  });

  it('builds the EMV payload of our profile around the short link, and a PIX payload for BRL', async () => {
    const person = await receiver();

    const emv = await create(person, {
      ...coffee,
      kind: 'payment',
      amountMinor: 1250,
      emv: { profile: 'emv', merchantName: 'Café Ipê', merchantCity: 'São Paulo', countryCode: 'br' },
    });
    const pix = await create(person, {
      title: 'Pix tips',
      currency: 'BRL',
      emv: { profile: 'pix', pixKey: 'maria@example.com', merchantName: 'Maria', merchantCity: 'Recife' },
    });

    const emvRead = parseEmvPayload(emv.emvPayload!);
    const pixRead = parseEmvPayload(pix.emvPayload!);
    if (!emvRead.ok || !pixRead.ok) throw new Error('our own payload does not parse');
    expect(readEmvPayment(emvRead.fields)).toMatchObject({
      tipLinkUrl: emv.url,
      merchantName: 'Cafe Ipe',
      merchantCity: 'Sao Paulo',
      countryCode: 'BR',
      currency: 'USD',
      amountMinor: 1250,
    });
    expect(readEmvPayment(pixRead.fields)).toMatchObject({
      pix: { key: 'maria@example.com', description: 'Pix tips' },
      currency: 'BRL',
      amount: null,
      referenceLabel: pix.code,
    });
  });

  it('refuses an EMV option that cannot make a payload with qr_generation_failed, and a PIX code in USD', async () => {
    const person = await receiver();

    const noLetters = await call(person, 'POST', '/api/qr-codes', {
      ...coffee,
      emv: { profile: 'emv', merchantName: '東京カフェ', merchantCity: 'Tokyo', countryCode: 'JP' },
    });
    const pixInDollars = await call(person, 'POST', '/api/qr-codes', {
      ...coffee,
      emv: { profile: 'pix', pixKey: 'maria@example.com', merchantName: 'Maria', merchantCity: 'Recife' },
    });

    expect(errorOf(noLetters)).toMatchObject({
      status: 422,
      code: 'qr_generation_failed',
      details: { tag: '59' },
    });
    expect(errorOf(pixInDollars)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: { issues: [{ path: 'currency', message: 'validation.pixCurrency' }] },
    });
    expect(await list(person)).toEqual([]);
  });

  it('asks a person without a ztartag to choose one first', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await call(person, 'POST', '/api/qr-codes', coffee);

    expect(errorOf(answer)).toMatchObject({ status: 409, code: 'ztartag_required' });
  });

  it('changes only the fields sent, and checks the merged QR code', async () => {
    const person = await receiver();
    const qr = await create(person, { ...coffee, description: 'By the till' });

    clock.advance({ minutes: 5 });
    const renamed = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, { title: 'Bar tips' });
    const paymentWithoutAmount = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, { kind: 'payment' });
    const payment = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, {
      kind: 'payment',
      amountMinor: 300,
    });
    const amountRemoved = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, { amountMinor: null });

    expect(renamed.json()).toEqual({
      ...qr,
      title: 'Bar tips',
      updatedAt: clock.now().toISOString(),
    });
    expect(errorOf(paymentWithoutAmount)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: { source: 'body', issues: [{ path: 'amountMinor', message: 'validation.amountRequired' }] },
    });
    expect(payment.json()).toMatchObject({ kind: 'payment', amountMinor: 300, description: 'By the till' });
    expect(errorOf(amountRemoved)).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await call(person, 'GET', `/api/qr-codes/${qr.id}`)).json()).toMatchObject({
      kind: 'payment',
      amountMinor: 300,
    });
  });

  it('saves the dynamic QR manager’s settings, and refuses PIX on a QR code in USD', async () => {
    const person = await receiver();
    const qr = await create(person);

    const saved = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, { dynamic: dynamicWithMenu });
    const pix = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, {
      emv: { profile: 'pix', pixKey: '12345678901', merchantName: 'Maria', merchantCity: 'Recife' },
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().dynamic).toEqual(dynamicWithMenu);
    expect(errorOf(pix)).toMatchObject({
      status: 400,
      details: { issues: [{ path: 'currency', message: 'validation.pixCurrency' }] },
    });
  });

  it('answers dynamic_qr_save_failed when dynamic settings cannot be saved, and keeps the old ones', async () => {
    const person = await receiver();
    const qr = await create(person);
    const { db } = testApp.database;
    // The database refusing the write, as a full disk or a lost connection would.
    await db.execute(sql`
      CREATE FUNCTION refuse_dynamic_qr() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${sql.raw(`'${qr.id}'`)} THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER refuse_dynamic_qr BEFORE UPDATE ON qr_codes FOR EACH ROW EXECUTE FUNCTION refuse_dynamic_qr()`,
    );
    try {
      const answer = await call(person, 'PATCH', `/api/qr-codes/${qr.id}`, { dynamic: dynamicWithMenu });

      expect(errorOf(answer)).toMatchObject({ status: 500, code: 'dynamic_qr_save_failed' });
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_dynamic_qr ON qr_codes`);
      await db.execute(sql`DROP FUNCTION refuse_dynamic_qr()`);
    }
    expect((await call(person, 'GET', `/api/qr-codes/${qr.id}`)).json().dynamic).toEqual(qr.dynamic);
  });

  it("answers another person's QR code as not found, for every way of reaching it", async () => {
    const owner = await receiver();
    const stranger = await receiver();
    const qr = await create(owner);

    const attempts = await Promise.all([
      call(stranger, 'GET', `/api/qr-codes/${qr.id}`),
      call(stranger, 'PATCH', `/api/qr-codes/${qr.id}`, { title: 'Mine now' }),
      call(stranger, 'DELETE', `/api/qr-codes/${qr.id}`),
      call(stranger, 'GET', `/api/qr-codes/${qr.id}/image.png`),
      call(stranger, 'GET', `/api/qr-codes/${qr.id}/image.svg`),
    ]);

    expect(attempts.map((answer) => errorOf(answer))).toEqual(
      attempts.map(() => expect.objectContaining({ status: 404, code: 'not_found' })),
    );
    expect(await list(stranger)).toEqual([]);
    expect((await call(owner, 'GET', `/api/qr-codes/${qr.id}`)).json()).toEqual(qr);
  });

  it('deletes a QR code: gone from the list, not found afterwards, its row kept', async () => {
    const person = await receiver();
    const qr = await create(person);

    const deleted = await call(person, 'DELETE', `/api/qr-codes/${qr.id}`);
    const again = await call(person, 'DELETE', `/api/qr-codes/${qr.id}`);

    expect(deleted.statusCode).toBe(204);
    expect(errorOf(again)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await list(person)).toEqual([]);
    expect(errorOf(await call(person, 'GET', `/api/qr-codes/${qr.id}`))).toMatchObject({ status: 404 });
    const [row] = await testApp.database.db.select().from(qrCodes).where(eq(qrCodes.id, qr.id));
    expect(row?.deletedAt).toEqual(clock.now());
  });

  it(`stops at ${QR_CODES_MAX_PER_USER} QR codes with limit_exceeded; deleting one makes room`, async () => {
    const person = await receiver();
    const { db } = testApp.database;
    // All but one written straight away: a hundred requests would only make the test slow.
    await db.insert(qrCodes).values(
      Array.from({ length: QR_CODES_MAX_PER_USER - 1 }, (_, n) => ({
        userId: person.userId,
        code: `Lim${randomBytes(4).toString('hex')}${n}`,
        title: `Table ${n}`,
        kind: 'tip_link',
        currency: 'USD',
        emv: { profile: 'none' },
        dynamic: DEFAULT_DYNAMIC_QR,
      })),
    );
    const last = await create(person);

    const over = await call(person, 'POST', '/api/qr-codes', coffee);
    await call(person, 'DELETE', `/api/qr-codes/${last.id}`);
    const afterDelete = await call(person, 'POST', '/api/qr-codes', coffee);

    expect(errorOf(over)).toMatchObject({
      status: 422,
      code: 'limit_exceeded',
      details: { limit: 'qrCodes', max: QR_CODES_MAX_PER_USER },
    });
    expect(afterDelete.statusCode).toBe(201);
    expect(await list(person)).toHaveLength(QR_CODES_MAX_PER_USER);
  });

  it('lets two creations at the limit race without going over it', async () => {
    const person = await receiver();
    await testApp.database.db.insert(qrCodes).values(
      Array.from({ length: QR_CODES_MAX_PER_USER - 1 }, (_, n) => ({
        userId: person.userId,
        code: `Race${randomBytes(4).toString('hex')}${n}`,
        title: `Table ${n}`,
        kind: 'tip_link',
        currency: 'USD',
        emv: { profile: 'none' },
        dynamic: DEFAULT_DYNAMIC_QR,
      })),
    );

    const answers = await Promise.all([
      call(person, 'POST', '/api/qr-codes', coffee),
      call(person, 'POST', '/api/qr-codes', coffee),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await list(person)).toHaveLength(QR_CODES_MAX_PER_USER);
  });

  it('asks for a session', async () => {
    const answers = await Promise.all([
      testApp.app.inject({ method: 'GET', url: '/api/qr-codes' }),
      testApp.app.inject({ method: 'POST', url: '/api/qr-codes', payload: coffee }),
      testApp.app.inject({ method: 'GET', url: '/api/me/qr.png' }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
  });
});
