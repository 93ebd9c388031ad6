import type { Celebration } from '@ztart/shared/contracts/gamification';
import { ArrowBigUpDash, type LucideIcon, Target, Trophy, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { celebrationWords } from '@/components/gamification/celebration-words';
import type { ShownCelebration } from '@/lib/gamification/celebrations';

const KIND_ICONS: Record<Celebration['kind'], LucideIcon> = {
  level_up: ArrowBigUpDash,
  achievement: Trophy,
  challenge_complete: Target,
};

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

const CONFETTI_PIECES = 28;
const CONFETTI_COLOURS = [
  'var(--color-brand)',
  'var(--color-chart-tips)',
  'var(--color-chart-income)',
  'var(--color-primary)',
  'var(--color-destructive)',
];
const CONFETTI_MS = 1_600;

/**
 * A short burst of confetti from the top of the screen, once per new celebration. Decoration
 * only: hidden from assistive technology, never in the way of a tap, absent under reduced motion.
 */
function Confetti() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container || prefersReducedMotion() || typeof container.animate !== 'function') return;
    const pieces: HTMLSpanElement[] = [];
    for (let index = 0; index < CONFETTI_PIECES; index += 1) {
      const piece = document.createElement('span');
      const size = 6 + (index % 3) * 2;
      Object.assign(piece.style, {
        position: 'absolute',
        top: '-12px',
        left: `${(index * 37) % 100}%`,
        width: `${size}px`,
        height: `${size * 1.6}px`,
        borderRadius: '2px',
        background: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length],
      });
      container.append(piece);
      pieces.push(piece);
      const drift = ((index % 7) - 3) * 24;
      piece.animate(
        [
          { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
          { transform: `translate(${drift}px, 70vh) rotate(${360 + index * 40}deg)`, opacity: 0 },
        ],
        {
          duration: CONFETTI_MS + (index % 5) * 120,
          delay: (index % 4) * 60,
          easing: 'ease-in',
          fill: 'forwards',
        },
      );
    }
    const cleanUp = setTimeout(() => {
      for (const piece of pieces) piece.remove();
    }, CONFETTI_MS + 1_200);
    return () => {
      clearTimeout(cleanUp);
      for (const piece of pieces) piece.remove();
    };
  }, []);
  return (
    <div ref={ref} aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 overflow-hidden" />
  );
}

function CelebrationCard({ item, onDismiss }: { item: ShownCelebration; onDismiss: (id: string) => void }) {
  const { t } = useTranslation('gamification');
  const { title, body } = celebrationWords(item.celebration, t);
  const Icon = KIND_ICONS[item.celebration.kind];
  return (
    <li
      data-testid="celebration"
      data-kind={item.celebration.kind}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-brand/40 bg-popover p-4 text-popover-foreground shadow-lg"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground"
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{body}</p>
        <Link
          to="/achievements"
          onClick={() => onDismiss(item.id)}
          className="self-start rounded-sm py-2 text-sm font-medium text-foreground underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('celebration.open')}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        aria-label={`${t('celebration.dismiss')}: ${title}`}
        className="-my-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * The celebrations on screen, newest first, at the top (clear of the toasts at the bottom). Escape
 * dismisses the newest while nothing else has the keyboard's attention: focus on the page itself
 * or in these cards.
 */
export function CelebrationCards({
  shown,
  onDismiss,
}: {
  shown: readonly ShownCelebration[];
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation('gamification');
  const regionRef = useRef<HTMLElement>(null);
  const newest = shown[0];
  useEffect(() => {
    if (!newest) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const free =
        !active ||
        active === document.body ||
        active.tagName === 'MAIN' ||
        regionRef.current?.contains(active);
      if (!free) return;
      event.preventDefault();
      onDismiss(newest.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [newest, onDismiss]);
  return (
    <>
      {/* Keyed by the newest: a new celebration on top starts a new burst. */}
      {newest ? <Confetti key={newest.id} /> : null}
      <section
        ref={regionRef}
        aria-label={t('celebration.regionLabel')}
        data-motion={prefersReducedMotion() ? 'reduced' : 'full'}
        className="pointer-events-none fixed inset-x-0 top-[calc(4.5rem+env(safe-area-inset-top))] z-50 flex justify-center px-4 lg:top-20"
      >
        <ol className="flex w-full max-w-md flex-col gap-2">
          {shown.map((item) => (
            <CelebrationCard key={item.id} item={item} onDismiss={onDismiss} />
          ))}
        </ol>
      </section>
    </>
  );
}
