import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { celebrationWords } from '@/components/gamification/celebration-words';
import { type CelebrationStore, celebrationStore } from '@/lib/gamification/celebrations';

// The cards and their confetti load with the first celebration, not with the app.
const CelebrationCards = lazy(() =>
  import('@/components/gamification/celebration-cards').then((m) => ({ default: m.CelebrationCards })),
);

function openDialog(): boolean {
  return typeof document !== 'undefined' && document.querySelector('dialog[open]') !== null;
}

/**
 * Whether a dialog is open. Our dialogs are modal: everything outside them is inert and under
 * them, so a celebration waits until the dialog (a deposit's receipt, say) is closed.
 */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(openDialog);
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => setOpen(openDialog()));
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['open'] });
    setOpen(openDialog());
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * Where live celebrations (level up, achievement, challenge complete) show, in the app layout:
 * cards with a short confetti animation (none under reduced motion), read out by a live region
 * that exists from the start, dismissed with their button or Escape.
 */
export function CelebrationHost({ store = celebrationStore }: { store?: CelebrationStore }) {
  const shown = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { t, ready } = useTranslation('gamification', { useSuspense: false });
  const dialogOpen = useDialogOpen();
  const newest = shown[0];
  const visible = newest !== undefined && !dialogOpen && ready;
  const words = visible ? celebrationWords(newest.celebration, t) : null;
  return (
    <>
      <p role="status" className="sr-only" data-testid="celebration-announcement">
        {words ? `${words.title} ${words.body}` : ''}
      </p>
      {visible ? (
        <Suspense fallback={null}>
          <CelebrationCards shown={shown} onDismiss={store.dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
