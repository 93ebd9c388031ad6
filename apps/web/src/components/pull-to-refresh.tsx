import { ArrowDown, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** How far (in px, after damping) a pull must go before letting go refreshes. */
export const PULL_THRESHOLD_PX = 64;
const PULL_MAX_PX = 96;
/** A finger moves twice as far as the page follows it: the pull feels held back. */
const DAMPING = 0.5;
/** Where the indicator waits while the refresh runs. */
const REFRESHING_OFFSET_PX = 48;

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing';

export interface PullToRefreshProps {
  /** Runs when a pull past the threshold is let go; the indicator spins until it settles. */
  onRefresh: () => Promise<unknown>;
  /** Words beside the indicator (it is hidden from assistive technology: the screen's refresh button is the accessible way). */
  labels: { pull: string; release: string; refreshing: string };
  children: ReactNode;
  className?: string;
}

/**
 * Pull to refresh on touch screens: dragging down from the top of the page moves the content
 * down under an indicator, and letting go past the threshold refreshes. Only the browser's own
 * pull-to-refresh (which would reload the whole app) is turned off while this is on screen.
 * Everything moves with transforms, so the layout never shifts. Keyboard and mouse users refresh
 * with the screen's refresh button.
 */
export function PullToRefresh({ onRefresh, labels, children, className }: PullToRefreshProps) {
  const [distance, setDistance] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const startY = useRef<number | null>(null);
  const phaseRef = useRef<Phase>('idle');
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    const update = (next: Phase, nextDistance: number) => {
      phaseRef.current = next;
      setPhase(next);
      setDistance(nextDistance);
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const atTop = (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
      startY.current =
        event.touches.length === 1 && touch && atTop && phaseRef.current === 'idle' ? touch.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY.current === null || !touch) return;
      const pulled = Math.min(PULL_MAX_PX, Math.max(0, (touch.clientY - startY.current) * DAMPING));
      if (pulled === 0) {
        if (phaseRef.current !== 'idle') update('idle', 0);
        return;
      }
      update(pulled >= PULL_THRESHOLD_PX ? 'ready' : 'pulling', pulled);
    };
    const onEnd = () => {
      if (startY.current === null) return;
      startY.current = null;
      if (phaseRef.current !== 'ready') {
        update('idle', 0);
        return;
      }
      update('refreshing', REFRESHING_OFFSET_PX);
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => update('idle', 0));
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    window.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      root.style.overscrollBehaviorY = previous;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const dragging = phase === 'pulling' || phase === 'ready';
  const Icon = phase === 'refreshing' || phase === 'ready' ? RefreshCw : ArrowDown;
  return (
    <div className={cn('relative', className)}>
      <div
        aria-hidden="true"
        data-testid="pull-indicator"
        data-phase={phase}
        className={cn(
          'pointer-events-none absolute inset-x-0 top-0 z-10 flex justify-center',
          !dragging && 'motion-safe:transition-transform motion-safe:duration-200',
        )}
        style={{
          transform: `translateY(${distance - 44}px)`,
          opacity: phase === 'idle' ? 0 : Math.min(1, distance / PULL_THRESHOLD_PX),
        }}
      >
        <span className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-xs font-medium text-muted-foreground shadow-sm">
          <Icon
            className={cn('size-4', phase === 'refreshing' && 'motion-safe:animate-spin')}
            style={
              phase === 'pulling'
                ? { transform: `rotate(${(distance / PULL_THRESHOLD_PX) * 180}deg)` }
                : undefined
            }
          />
          {phase === 'refreshing' ? labels.refreshing : phase === 'ready' ? labels.release : labels.pull}
        </span>
      </div>
      <div
        className={cn(!dragging && 'motion-safe:transition-transform motion-safe:duration-200')}
        style={distance > 0 ? { transform: `translateY(${distance}px)` } : undefined}
      >
        {children}
      </div>
    </div>
  );
}
