import { AtSign, CircleCheck, CircleX } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ZtartagAvailability } from '@/lib/ztartags';

export interface ZtartagFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  availability: ZtartagAvailability;
  error?: string | undefined;
  label?: string;
}

/** A ztartag input ("@" in front) with its live availability said under it, politely. */
export function ZtartagField({
  value,
  onValueChange,
  availability,
  error,
  label,
  ...input
}: ZtartagFieldProps) {
  const { t } = useTranslation(['account', 'errors']);
  const tag = value.trim().replace(/^@/, '').toLowerCase();
  return (
    <Field
      label={label ?? t('account:fields.ztartag')}
      hint={t('account:ztartag.hint')}
      error={error}
      status={
        <p aria-live="polite" className="min-h-5">
          <AvailabilityText availability={availability} tag={tag} />
        </p>
      }
    >
      {(control) => (
        <div className="relative">
          <AtSign
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            {...control}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={21}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            className={cn(INPUT_CLASS, 'pl-9')}
            {...input}
          />
        </div>
      )}
    </Field>
  );
}

function AvailabilityText({ availability, tag }: { availability: ZtartagAvailability; tag: string }) {
  const { t } = useTranslation(['account', 'errors']);
  switch (availability) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Spinner className="size-4" />
          {t('account:ztartag.checking')}
        </span>
      );
    case 'available':
      return (
        <span className="flex items-center gap-1.5 text-brand">
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('account:ztartag.available', { tag })}
        </span>
      );
    case 'own':
      return (
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('account:ztartag.own')}
        </span>
      );
    case 'taken':
      return (
        <span className="flex items-center gap-1.5 text-destructive">
          <CircleX aria-hidden="true" className="size-4" />
          {t('account:ztartag.taken', { tag })}
        </span>
      );
    case 'error':
      return <span className="text-muted-foreground">{t('errors:ztartag_retrieve_failed')}</span>;
  }
}
