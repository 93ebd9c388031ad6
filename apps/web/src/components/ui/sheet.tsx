import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A bottom sheet on the native modal <dialog>: the browser traps focus, closes it on Escape,
 * makes the page behind it inert and returns focus to the opener when it closes.
 */
export function Sheet({ open, onOpenChange, title, closeLabel, children, className }: SheetProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  // A click on the backdrop lands on the <dialog> itself (its content fills the box): close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onOpenChange(false);
    };
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, [onOpenChange]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={() => onOpenChange(false)}
      className={cn(
        'm-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-hidden rounded-t-2xl border-t bg-popover p-0 text-popover-foreground shadow-xl',
        'backdrop:bg-black/50 open:flex open:flex-col',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          aria-label={closeLabel}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="overflow-y-auto overscroll-contain px-2 pt-2 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {children}
      </div>
    </dialog>
  );
}
