import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { emailSchema } from '@/features/auth/auth-schemas';
import { useErrorMessage } from '@/hooks/use-error-message';
import { fieldErrorsFromApiError } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const forgot = useForgotPassword();
  const { formRef, errors, showErrors, clearError } = useFormErrors<'email'>();
  const [email, setEmail] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await emailSchema.validate({ email });
    if (!result.success) return showErrors(result.errors);
    forgot.mutate(result.data, {
      onError: (error) => {
        const fieldErrors = fieldErrorsFromApiError(error);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };

  if (forgot.isSuccess) {
    return <FormAlert variant="success">{t('forgot.sent')}</FormAlert>;
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={emailSchema.preload}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted-foreground">{t('forgot.description')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearError('email');
        }}
        error={fieldMessage(errors.email)}
      />
      {forgot.isError && !fieldErrorsFromApiError(forgot.error) ? (
        <FormAlert>{errorMessage(forgot.error)}</FormAlert>
      ) : null}
      <Button type="submit" size="lg" disabled={forgot.isPending}>
        <Send aria-hidden="true" />
        {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
