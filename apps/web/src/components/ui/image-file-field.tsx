import type { Ref } from 'react';
import { FieldError, INPUT_CLASS } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** A labelled picker for one image file, with its hint and its error (the avatar and gallery uploads). */
export function ImageFileField({
  id,
  inputRef,
  label,
  hint,
  error,
  onChoose,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  hint: string;
  error: string | undefined;
  onChoose: (file: File | null) => void;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        className={cn(
          INPUT_CLASS,
          'cursor-pointer py-1.5 file:mr-3 file:min-h-8 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:text-sm file:font-medium',
        )}
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
