import { randomUUID } from 'node:crypto';
import type { TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import type { WalletBalance, WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { AppDatabase } from '../db/client.ts';
import { SANDBOX_TEST_CARDS } from '../integrations/card-processor/sandbox.ts';
import { reconcile } from '../modules/ledger/service.ts';
import { ledgerTransfers } from '../modules/ledger/tables.ts';
import { as, type SignedInPerson, uniqueIp } from './accounts.ts';

/** Enough sign-ups and quick tips for a whole test file; a test that reaches a limit builds its own app. */
export const ROOMY_TIP_RATE_LIMITS = {
  signUpPerIp: { max: 1_000, windowSeconds: 3_600 },
  signInPerIp: { max: 1_000, windowSeconds: 900 },
  quickTipPerIp: { max: 1_000, windowSeconds: 600 },
  quickTipPerCard: { max: 1_000, windowSeconds: 3_600 },
};

export function testCard(number: string = SANDBOX_TEST_CARDS.succeeds) {
  return { number, expMonth: 12, expYear: 2031, cvc: '123', cardholderName: 'Ada Lovelace' };
}

export interface TipCall {
  /** A signed-in sender; anonymous (no cookies) otherwise. */
  as?: SignedInPerson;
  /** The payer's address; a new one per call unless given. */
  ip?: string;
  /** The Idempotency-Key header; a new one unless given, none when null. */
  key?: string | null;
  headers?: InjectOptions['headers'];
}

/** `POST /api/tips` as the quick-tip page sends it: a card tip of 5.00 USD unless the payload says otherwise. */
export function postTip(
  app: App,
  payload: Partial<TipRequestInput> & { receiver: string },
  call: TipCall = {},
) {
  const key = call.key === undefined ? randomUUID() : call.key;
  const body = {
    amountMinor: 500,
    currency: 'USD',
    ...(payload.source === 'wallet' ? {} : { card: testCard() }),
    ...payload,
  };
  const headers = { ...(key === null ? {} : { 'idempotency-key': key }), ...call.headers };
  const options: InjectOptions = { method: 'POST', url: '/api/tips', payload: body, headers };
  if (call.as) return app.inject(as(call.as, options));
  return app.inject({ ...options, remoteAddress: call.ip ?? uniqueIp() });
}

export async function walletBalanceOf(
  app: App,
  person: SignedInPerson,
  currency: Currency = 'USD',
): Promise<WalletBalance> {
  const answer = await app.inject(as(person, { method: 'GET', url: '/api/wallet' }));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<WalletResponse>().balances.find((balance) => balance.currency === currency)!;
}

/** How many ledger transfers exist: unchanged when a refused request moved no money. */
export async function ledgerTransferCount(db: AppDatabase): Promise<number> {
  return (await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
}

/** No money created or lost: every balance equals its transfers, every currency sums to zero, no wallet below zero. */
export async function expectMoneyKept(db: AppDatabase) {
  const { accounts, totals } = await reconcile(db);
  for (const total of Object.values(totals)) expect(total).toBe(0);
  for (const account of accounts) {
    expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
    if (account.kind.startsWith('wallet_')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
  }
}
