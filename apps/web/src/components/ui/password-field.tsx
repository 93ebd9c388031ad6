import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, INPUT_CLASS, type TextFieldProps } from '@/components/ui/field';
import { cn } from '@/lib/cn';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** PINs: digits only, the phone's number pad. */
  numeric?: boolean;
  status?: ReactNode;
}

/** A masked input with a show/hide button (a toggle with aria-pressed, its name saying what it does). */
export function PasswordField({
  label,
  hint,
  error,
  status,
  id,
  fieldClassName,
  className,
  numeric = false,
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} status={status} id={id} className={fieldClassName}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? 'text' : 'password'}
            inputMode={numeric ? 'numeric' : undefined}
            pattern={numeric ? '[0-9]*' : undefined}
            spellCheck={false}
            autoCapitalize="none"
            className={cn(INPUT_CLASS, 'pr-12', className)}
            {...input}
          />
          <button
            type="button"
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
            className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          >
            {/* Named by its content, not aria-label: finding the field by its label finds only the field. */}
            <span className="sr-only">{numeric ? t('password.showPin') : t('password.show')}</span>
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
