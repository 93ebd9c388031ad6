import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { restoreFocus, watchDialogFocus } from '@/components/ui/dialog-focus';
import { cn } from '@/lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  className?: string;
}

/**
 * A centred modal on the native <dialog>: the browser traps focus, closes it on Escape and makes
 * the page behind it inert. It opens on its first field, keeps focus inside as steps replace each
 * other and gives focus back to its opener when it closes (dialog-focus.ts). Where `showModal`
 * is missing (old browsers, jsdom) it still opens, without the modality.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // While closed: the control focused last outside the dialog, the one that will open it. Read
  // from focus events, as by the time the dialog opens its content may have moved focus already.
  const lastFocusedRef = useRef<Element | null>(null);
  useEffect(() => {
    if (open) return;
    lastFocusedRef.current = document.activeElement;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && !dialogRef.current?.contains(event.target)) {
        lastFocusedRef.current = event.target;
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    const content = contentRef.current;
    if (!dialog || !content || !open) return;
    // The control that opened the dialog, which gets focus back at the end.
    const active = document.activeElement;
    const opener =
      active && active !== document.body && !dialog.contains(active) ? active : lastFocusedRef.current;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const stopWatching = watchDialogFocus(dialog, content, closeRef.current);
    return () => {
      stopWatching();
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      restoreFocus(opener);
    };
  }, [open]);

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
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      onCancel={() => onOpenChange(false)}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border bg-popover p-0 text-popover-foreground shadow-xl',
        'backdrop:bg-black/50',
        className,
      )}
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="pt-2 text-lg font-semibold leading-tight">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label={closeLabel}
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {description ? (
          <div id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </div>
        ) : null}
        <div ref={contentRef} className="contents">
          {children}
        </div>
      </div>
    </dialog>
  );
}
