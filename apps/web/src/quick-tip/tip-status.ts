import type { Tip, TipStatus } from '@ztart/shared/contracts/qr-codes';
import { useEffect, useState } from 'react';
import { fetchTipProgress, RequestError } from './api.ts';

/** A card tip settles within seconds: first asked after 2 s, then less often, at most every 15 s. */
export const TIP_STATUS_FIRST_ASK_MS = 2_000;
export const TIP_STATUS_MAX_WAIT_MS = 15_000;
/** A page left open stops asking after half an hour (the receipt sent by email or SMS remains). */
export const TIP_STATUS_GIVE_UP_MS = 30 * 60_000;

/**
 * The tip's status as it is now: a pending card tip is asked for again (a light poll of
 * `GET /api/public/tips/{id}`) until it is completed or failed. `follow` false (the demo) keeps
 * the status of the answer.
 */
export function useTipStatus(tip: Tip, follow: boolean): TipStatus {
  const [status, setStatus] = useState<TipStatus>(tip.status);
  useEffect(() => {
    setStatus(tip.status);
    if (!follow || tip.status !== 'pending') return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const askAfter = (waitMs: number) => {
      timer = setTimeout(async () => {
        try {
          const progress = await fetchTipProgress(tip.id, controller.signal);
          if (progress.status !== 'pending') {
            setStatus(progress.status);
            return;
          }
        } catch (error) {
          // Gone (never for a tip just made) or left: nothing more to ask. A lost answer: again later.
          if (controller.signal.aborted || (error instanceof RequestError && error.status === 404)) return;
        }
        if (Date.now() - started < TIP_STATUS_GIVE_UP_MS) {
          askAfter(Math.min(Math.round(waitMs * 1.5), TIP_STATUS_MAX_WAIT_MS));
        }
      }, waitMs);
    };
    askAfter(TIP_STATUS_FIRST_ASK_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [tip.id, tip.status, follow]);
  return status;
}
