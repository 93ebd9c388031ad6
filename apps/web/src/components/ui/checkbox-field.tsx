import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from '@/components/ui/field';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  /** Beside the label, outside it (a link to read the document the box accepts). */
  extra?: ReactNode;
  error?: string | undefined;
}

/** A checkbox with a large touch target, its label, and its error announced like a field's. */
export function CheckboxField({ label, extra, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-2">
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
          <input
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="size-5 shrink-0 cursor-pointer rounded border-input accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            {...input}
          />
          <span>{label}</span>
        </label>
        {extra}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
