import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Toast, type ToastStore, toastStore } from '@/components/ui/toast/toast-store';
import { cn } from '@/lib/cn';

const VARIANT_STYLES = {
  default: { icon: Info, className: 'text-muted-foreground' },
  success: { icon: CircleCheck, className: 'text-brand' },
  destructive: { icon: CircleAlert, className: 'text-destructive' },
} as const;

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useTranslation('common');
  const { icon: Icon, className } = VARIANT_STYLES[toast.variant];
  return (
    <li className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg">
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', className)} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className="mt-0.5 text-sm text-muted-foreground">{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('actions.dismiss')}
        className="-my-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * Renders the toasts in a live region that exists from the start, so screen readers announce
 * every toast. Above the bottom navigation on phones; bottom right on wide screens, clear of the
 * header's account, language and theme menus that open downwards from the top right.
 */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation('common');
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section
      aria-label={t('toasts.regionLabel')}
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-50 flex justify-center px-4 lg:inset-x-auto lg:right-4 lg:bottom-4 lg:w-96 lg:px-0"
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-md flex-col gap-2">
        {toasts.map((item) => (
          <ToastCard key={item.id} toast={item} onDismiss={() => store.dismiss(item.id)} />
        ))}
      </ol>
    </section>
  );
}
