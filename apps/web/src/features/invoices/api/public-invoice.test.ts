import { describe, expect, it } from 'vitest';
import {
  PENDING_POLL_LIMIT_MS,
  PENDING_POLL_MAX_MS,
  PENDING_POLL_MS,
  pendingPollDelay,
} from '@/features/invoices/api/public-invoice';

describe('asking about a pending card payment', () => {
  it('waits twice as long each time, up to a ceiling', () => {
    expect(pendingPollDelay(0, 0)).toBe(PENDING_POLL_MS);
    expect(pendingPollDelay(2_000, 1)).toBe(PENDING_POLL_MS * 2);
    expect(pendingPollDelay(6_000, 2)).toBe(PENDING_POLL_MS * 4);
    expect(pendingPollDelay(60_000, 10)).toBe(PENDING_POLL_MAX_MS);
    expect(pendingPollDelay(60_000, 1_000)).toBe(PENDING_POLL_MAX_MS);
  });

  it('stops once the payment has been pending for the time limit', () => {
    expect(pendingPollDelay(PENDING_POLL_LIMIT_MS - 1, 20)).toBe(PENDING_POLL_MAX_MS);
    expect(pendingPollDelay(PENDING_POLL_LIMIT_MS, 20)).toBe(false);
  });
});
