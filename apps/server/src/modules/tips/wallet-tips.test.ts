import { randomBytes } from 'node:crypto';
import type { Notification } from '@ztart/shared/contracts/notifications';
import { DEFAULT_DYNAMIC_QR, type Tip, type TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, readOutbox, type SignedInPerson, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  expectMoneyKept,
  ledgerTransferCount,
  postTip,
  ROOMY_TIP_RATE_LIMITS,
} from '../../test/tip-fixtures.ts';
import { availableOf, createPerson, fund, type Person, postTransfer } from '../../test/transfer-fixtures.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { tips } from './tables.ts';

describe('tips from the balance (signed in)', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_TIP_RATE_LIMITS });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(db()));

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const tipFromWallet = (
    from: SignedInPerson | null,
    payload: Partial<TipRequestInput> & { receiver: string; amountMinor: number },
  ) => postTip(testApp.app, { source: 'wallet', ...payload }, from ? { as: from } : {});
  const listOf = async <T>(who: SignedInPerson, url: string) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: T[] }>().items;
  };

  it('moves the money at once: completed for both, the receiver notified, the sender’s receipt sent', async () => {
    const sender = await person({ fullName: 'Sol Sender', phoneVerified: true });
    const receiver = await person({ fullName: 'Rita Receiver' });
    await fund(db(), sender.userId, 10_000);
    const email = uniqueEmail('sender');

    const answer = await tipFromWallet(sender, {
      receiver: receiver.ztartag,
      amountMinor: 1_500,
      message: 'Thanks for the lesson',
      senderEmail: email,
    });

    expect(answer.statusCode, answer.body).toBe(201);
    const tip = answer.json<{ tip: Tip }>().tip;
    expect(tip).toMatchObject({
      status: 'completed',
      source: 'wallet',
      amountMinor: 1_500,
      card: null,
      sender: { ztartag: sender.ztartag, displayName: 'Sol Sender' },
      receiver: { ztartag: receiver.ztartag, displayName: 'Rita Receiver' },
      settledAt: clock.now().toISOString(),
    });
    expect(await availableOf(db(), sender.userId)).toBe(8_500);
    expect(await availableOf(db(), receiver.userId)).toBe(1_500);
    expect(await listOf<Transaction>(sender, '/api/transactions')).toMatchObject([
      {
        type: 'expense',
        kind: 'tip_out',
        status: 'completed',
        amountMinor: 1_500,
        note: 'Thanks for the lesson',
        description: `Tip to @${receiver.ztartag}`,
        counterparty: { ztartag: receiver.ztartag, displayName: 'Rita Receiver' },
      },
    ]);
    const [incoming] = await listOf<Transaction>(receiver, '/api/transactions');
    expect(incoming).toMatchObject({
      type: 'income',
      kind: 'tip_in',
      status: 'completed',
      amountMinor: 1_500,
    });
    expect(await listOf<Notification>(receiver, '/api/notifications')).toMatchObject([
      {
        type: 'tip',
        event: 'tip_received',
        data: {
          amountMinor: 1_500,
          currency: 'USD',
          transactionId: incoming!.id,
          fromZtartag: sender.ztartag,
          fromName: 'Sol Sender',
        },
      },
    ]);
    const [mail] = await readOutbox(testApp.app, email);
    expect(mail!.text).toContain('Paid with: your Ztart Tips balance');
    expect(mail!.text).toContain('The tip has reached its receiver.');
  });

  it('needs a signed-in sender: 401 unauthorized for a payer without an account', async () => {
    const receiver = await person();

    const answer = await tipFromWallet(null, { receiver: receiver.ztartag, amountMinor: 500 });

    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('unauthorized');
  });

  it('takes no card details with the balance as source (400 validation_failed)', async () => {
    const sender = await person();
    const receiver = await person();

    const answer = await postTip(
      testApp.app,
      {
        receiver: receiver.ztartag,
        source: 'wallet',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', cardholderName: 'A' },
      },
      { as: sender },
    );

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'validation_failed',
      details: { issues: [{ path: 'card', message: 'validation.cardWithWallet' }] },
    });
  });

  describe('under the transfer limits, moving nothing when refused', () => {
    const refusedWith = async (sender: Person, receiver: Person, amountMinor: number) => {
      const before = await ledgerTransferCount(db());
      const balance = await availableOf(db(), sender.userId);
      const answer = await tipFromWallet(sender, { receiver: receiver.ztartag, amountMinor });
      expect(await ledgerTransferCount(db())).toBe(before);
      expect(await availableOf(db(), sender.userId)).toBe(balance);
      expect(await availableOf(db(), receiver.userId)).toBe(0);
      expect(await db().select().from(tips).where(eq(tips.receiverId, receiver.userId))).toEqual([]);
      return answer;
    };

    it('more than the balance: 422 insufficient_balance', async () => {
      const sender = await person({ phoneVerified: true });
      await fund(db(), sender.userId, 400);

      const answer = await refusedWith(sender, await person(), 401);

      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.code).toBe('insufficient_balance');
    });

    it('above what an unverified sender’s day leaves, transfers and tips together: 422 limit_exceeded daily', async () => {
      const sender = await person();
      const receiver = await person();
      await fund(db(), sender.userId, 60_000);
      const transfer = await postTransfer(testApp.app, sender, {
        recipient: receiver.ztartag,
        amountMinor: 45_000,
      });
      expect(transfer.statusCode, transfer.body).toBe(201);

      const answer = await refusedWith(sender, await person(), 5_001);

      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'daily', limitMinor: 50_000, remainingMinor: 5_000 },
      });
    });

    it.each([
      ['above the quick-tip maximum', 20_000, 'quickTipMax', AMOUNT_LIMITS.quickTipMaxMinor],
      ['under the quick-tip minimum', 50, 'quickTipMin', AMOUNT_LIMITS.quickTipMinMinor],
    ])('from an unverified sender %s: 422 limit_exceeded', async (_, amountMinor, limit, limitMinor) => {
      const sender = await person();
      await fund(db(), sender.userId, 60_000);

      const answer = await refusedWith(sender, await person(), amountMinor);

      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toMatchObject({ code: 'limit_exceeded', details: { limit, limitMinor } });
    });

    it('from a verified sender under the quick-tip minimum: 422 limit_exceeded quickTipMin', async () => {
      const sender = await person({ phoneVerified: true });
      await fund(db(), sender.userId, 60_000);

      const answer = await refusedWith(sender, await person(), 50);

      expect(answer.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'quickTipMin', limitMinor: AMOUNT_LIMITS.quickTipMinMinor },
      });
    });

    it('lets a verified sender tip above the quick-tip maximum, up to the transfer maximum', async () => {
      const sender = await person({ phoneVerified: true });
      const receiver = await person();
      await fund(db(), sender.userId, 60_000);

      const answer = await tipFromWallet(sender, { receiver: receiver.ztartag, amountMinor: 20_000 });

      expect(answer.statusCode, answer.body).toBe(201);
      expect(await availableOf(db(), receiver.userId)).toBe(20_000);
    });

    it('above the per-transaction maximum: 422 limit_exceeded transferMax', async () => {
      const sender = await person({ phoneVerified: true });
      await fund(db(), sender.userId, 2_000_000);

      const answer = await refusedWith(sender, await person(), 1_000_001);

      expect(answer.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'transferMax', limitMinor: 1_000_000 },
      });
    });

    it('above 50.00 with a PIN set and this session not unlocked: 403 pin_required', async () => {
      const sender = await person({ phoneVerified: true });
      const receiver = await person();
      await fund(db(), sender.userId, 20_000);
      const pin = await testApp.app.inject(
        as(sender, { method: 'POST', url: '/api/pin', payload: { pin: '4821', pinConfirmation: '4821' } }),
      );
      expect(pin.statusCode, pin.body).toBe(201);
      clock.advance({ minutes: 6 });

      const locked = await refusedWith(sender, receiver, 5_001);
      const small = await tipFromWallet(sender, { receiver: receiver.ztartag, amountMinor: 5_000 });

      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.code).toBe('pin_required');
      expect(small.statusCode, small.body).toBe(201);
    });

    it('to oneself: 400 recipient_is_self', async () => {
      const sender = await person({ phoneVerified: true });
      await fund(db(), sender.userId, 1_000);

      const answer = await tipFromWallet(sender, { receiver: sender.ztartag, amountMinor: 500 });

      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('recipient_is_self');
      expect(await availableOf(db(), sender.userId)).toBe(1_000);
    });
  });

  describe('through a scanned QR code', () => {
    const qrCodeOf = async (
      owner: Person,
      fields: { kind?: 'tip_link' | 'payment'; amountMinor?: number | null },
    ) => {
      const code = randomBytes(6).toString('hex');
      const [row] = await db()
        .insert(qrCodes)
        .values({
          userId: owner.userId,
          code,
          title: 'At the door',
          kind: fields.kind ?? 'tip_link',
          amountMinor: fields.amountMinor ?? null,
          currency: 'USD',
          emv: { profile: 'none' },
          dynamic: { ...DEFAULT_DYNAMIC_QR },
        })
        .returning();
      return row!;
    };

    it('links the tip to the receiver’s QR code', async () => {
      const receiver = await person();
      const qr = await qrCodeOf(receiver, {});

      const answer = await postTip(testApp.app, { receiver: receiver.ztartag, qrCode: qr.code });

      expect(answer.statusCode, answer.body).toBe(201);
      const [row] = await db().select().from(tips).where(eq(tips.id, answer.json().tip.id));
      expect(row?.qrCodeId).toBe(qr.id);
    });

    it('refuses a QR code of someone else, an unknown one, or a payment QR code with another amount', async () => {
      const receiver = await person();
      const stranger = await person();
      const strangers = await qrCodeOf(stranger, {});
      const payment = await qrCodeOf(receiver, { kind: 'payment', amountMinor: 800 });
      const before = await ledgerTransferCount(db());

      const answers = await Promise.all([
        postTip(testApp.app, { receiver: receiver.ztartag, qrCode: strangers.code }),
        postTip(testApp.app, { receiver: receiver.ztartag, qrCode: 'Unknown123' }),
        postTip(testApp.app, { receiver: receiver.ztartag, qrCode: payment.code, amountMinor: 500 }),
      ]);

      expect(answers.map((answer) => [answer.statusCode, answer.json().error])).toEqual([
        [
          400,
          expect.objectContaining({
            code: 'validation_failed',
            details: expect.objectContaining({
              issues: [expect.objectContaining({ path: 'qrCode', message: 'validation.qrCode' })],
            }),
          }),
        ],
        [400, expect.objectContaining({ code: 'validation_failed' })],
        [
          400,
          expect.objectContaining({
            code: 'validation_failed',
            details: expect.objectContaining({
              issues: [expect.objectContaining({ message: 'validation.qrCodeAmount' })],
            }),
          }),
        ],
      ]);
      expect(await ledgerTransferCount(db())).toBe(before);
      const exact = await postTip(testApp.app, {
        receiver: receiver.ztartag,
        qrCode: payment.code,
        amountMinor: 800,
      });
      expect(exact.statusCode, exact.body).toBe(201);
    });
  });
});
