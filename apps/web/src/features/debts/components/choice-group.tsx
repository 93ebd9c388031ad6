import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** A choice as large radio rows (a 44 px target each), in a fieldset named by its legend. */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onValueChange,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onValueChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === choice.value ? 'border-brand bg-brand-soft/40' : 'border-input',
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onValueChange(choice.value)}
            className="size-5 shrink-0 accent-brand"
          />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium">{choice.label}</span>
            {choice.hint ? <span className="text-sm text-muted-foreground">{choice.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
