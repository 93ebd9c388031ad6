import { CircleAlert } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';

/** What a control needs to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control; also read with it. */
  hint?: ReactNode;
  /** Already translated. */
  error?: string | undefined;
  /** Extra lines under the hint (a live status, a strength meter), read with the control. */
  status?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The text-input look: 44 px tall, 16 px text (no zoom on phones), a red border when invalid. */
export const INPUT_CLASS =
  'min-h-11 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';

/**
 * A labelled control with its hint and error. The error lives in a region that is always
 * there, so screen readers announce it when it appears; the control points at it.
 */
export function Field({ label, hint, error, status, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const statusId = `${controlId}-status`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, status ? statusId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {status ? (
        <div id={statusId} className="text-sm">
          {status}
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The error line of a field: an always-present polite live region, empty when all is well. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
      {error ? (
        <span className="flex items-start gap-1.5">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </span>
      ) : null}
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  status?: ReactNode;
  id?: string;
  fieldClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  status,
  id,
  fieldClassName,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} status={status} id={id} className={fieldClassName}>
      {(control) => <input {...control} className={cn(INPUT_CLASS, className)} {...input} />}
    </Field>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
}

export function TextAreaField({ label, hint, error, id, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <textarea {...control} className={cn(INPUT_CLASS, 'min-h-24 resize-y', className)} {...textarea} />
      )}
    </Field>
  );
}
