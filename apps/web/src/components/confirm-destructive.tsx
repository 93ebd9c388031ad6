import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export interface ConfirmDestructiveProps {
  /** What will happen, in the dialog's words. */
  children: ReactNode;
  /** The last try's error, shown above the buttons; nothing before a try or after success. */
  problem?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the action runs both buttons wait, so it cannot be sent twice or left half-way. */
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The inside of a dialog that asks before something is removed or ended for good: what will
 * happen, the error of the last try, then the destructive action (first on a phone, on the right on
 * wider screens) and the way back.
 */
export function ConfirmDestructive({
  children,
  problem,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDestructiveProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{children}</p>
      {problem}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" variant="destructive" className="sm:flex-1" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
