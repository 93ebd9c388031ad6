import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ObservatorySnapshot,
  observatoryEventSchema,
  observatorySnapshotSchema,
} from '@ztart/shared/contracts/admin';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { type EventSourceLike, reconnectDelayMs } from '@/lib/live-events';

export const OBSERVATORY_PATH = '/api/observatory';
export const OBSERVATORY_EVENTS_PATH = '/api/observatory/events';
export const observatoryKey = ['observatory', 'snapshot'] as const;

/** `GET /api/observatory` → live platform health (system metrics only for roles allowed them). */
export function useObservatorySnapshot() {
  return useQuery({
    queryKey: observatoryKey,
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: async ({ signal }) =>
      observatorySnapshotSchema.parse(await api.get<unknown>(OBSERVATORY_PATH, { signal })),
  });
}

export type StreamState = 'connecting' | 'live' | 'reconnecting';

export interface ObservatoryStreamOptions {
  onSnapshot: (snapshot: ObservatorySnapshot) => void;
  onStateChange: (state: StreamState) => void;
  createSource?: (url: string) => EventSourceLike;
  delayMs?: (attempt: number) => number;
}

/**
 * The observatory's stream (`event: snapshot`, its data an ObservatoryEvent), reopened with growing pauses when it drops
 * rather than the browser's own quick retries. Returns the function that closes it.
 */
export function connectObservatory({
  onSnapshot,
  onStateChange,
  createSource = (url) => new EventSource(url, { withCredentials: true }),
  delayMs = reconnectDelayMs,
}: ObservatoryStreamOptions): () => void {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const open = () => {
    const current = createSource(OBSERVATORY_EVENTS_PATH);
    source = current;
    current.onopen = () => {
      failures = 0;
      onStateChange('live');
    };
    current.onerror = () => {
      current.close();
      if (closed) return;
      failures += 1;
      onStateChange('reconnecting');
      timer = setTimeout(open, delayMs(failures));
    };
    current.addEventListener('snapshot', (message) => {
      try {
        const parsed = observatoryEventSchema.safeParse(JSON.parse(String(message.data)));
        if (parsed.success) onSnapshot(parsed.data.snapshot);
      } catch {
        // A message that is not JSON is skipped; the next one arrives within seconds.
      }
    });
  };

  onStateChange('connecting');
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}

/** Keeps the snapshot query fed by the stream while the screen is open; returns the stream's state. */
export function useObservatoryStream(enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return connectObservatory({
      onSnapshot: (snapshot) => queryClient.setQueryData(observatoryKey, snapshot),
      onStateChange: setState,
    });
  }, [enabled, queryClient]);
  return state;
}
