import { normalizeCardNumber } from '@ztart/shared/cards';
import type { Tip, TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import { DEMO_STORAGE_KEY } from '@/lib/demo/demo-mode';
import { brandOf } from './card.ts';

/** The app's demo mode (a flag in this browser): no card is charged, the tip is simulated. */
export function isDemo(): boolean {
  try {
    return window.localStorage.getItem(DEMO_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

const DEMO_DELAY_MS = 600;

/** What the server would answer to a card tip, made up in the browser. */
export async function simulateTip(request: TipRequestInput, receiverName: string): Promise<Tip> {
  await new Promise((resolve) => setTimeout(resolve, DEMO_DELAY_MS));
  const number = normalizeCardNumber(request.card?.number ?? '');
  return {
    id: crypto.randomUUID?.() ?? '00000000-0000-4000-8000-000000000000',
    status: 'pending',
    source: 'card',
    amountMinor: request.amountMinor,
    currency: request.currency,
    message: request.message ?? null,
    receiver: { ztartag: request.receiver, displayName: receiverName },
    sender: null,
    card: { brand: brandOf(number), last4: number.slice(-4) },
    failureCode: null,
    createdAt: new Date().toISOString(),
    settledAt: null,
  };
}
