import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { useId } from 'react';
import { FieldError } from '@/components/ui/field';
import { PaymentMethodLine } from '@/features/wallet/components/payment-method-line';
import { cn } from '@/lib/cn';

/** A choice among cards or bank accounts, as large radio rows (a 44 px target each). */
export function MethodChoice({
  legend,
  methods,
  value,
  onValueChange,
  error,
}: {
  legend: string;
  methods: PaymentMethod[];
  value: string | null;
  onValueChange: (id: string) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {methods.map((method) => (
        <label
          key={method.id}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-lg border px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === method.id ? 'border-brand bg-brand-soft/40' : 'border-input',
          )}
        >
          <input
            type="radio"
            name={name}
            value={method.id}
            checked={value === method.id}
            onChange={() => onValueChange(method.id)}
            className="size-5 shrink-0 accent-brand"
          />
          <div className="min-w-0 flex-1">
            <PaymentMethodLine method={method} />
          </div>
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
