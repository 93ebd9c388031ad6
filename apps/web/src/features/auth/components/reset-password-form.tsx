import { KeyRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { resetPasswordSchema } from '@/features/auth/auth-schemas';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsFromApiError, withMatchCheck } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type Field = 'password' | 'passwordConfirmation';

/** The new-password form that a reset link opens (`/auth?mode=reset-password&token=…`). */
export function ResetPasswordForm({
  token,
  onSignIn,
  back,
}: {
  token: string;
  onSignIn: () => void;
  /** The way back to sign-in, shown until the password is set (then "Sign in" takes its place). */
  back?: ReactNode;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const location = useLocation();
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const reset = useResetPassword();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await resetPasswordSchema.validate({ ...values, token });
    let fieldErrors: FieldErrors<Field> = result.success ? {} : result.errors;
    fieldErrors = withMatchCheck(
      fieldErrors,
      values.password,
      values.passwordConfirmation,
      'passwordConfirmation',
      'validation:passwordsDoNotMatch',
    );
    if (!result.success || Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors);
    reset.mutate(result.data, {
      onError: (error) => {
        const apiFieldErrors = fieldErrorsFromApiError(error);
        if (apiFieldErrors) showErrors(apiFieldErrors);
      },
    });
  };

  const newLink = (
    <Link
      to="/auth?mode=forgot-password"
      state={location.state}
      className={buttonVariants({ variant: 'outline', className: 'self-start' })}
    >
      {t('auth:reset.newLink')}
    </Link>
  );

  if (token === '') {
    return (
      <>
        <FormAlert>
          <p>{t('errors:invalid_token')}</p>
          {newLink}
        </FormAlert>
        {back}
      </>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert variant="success">{t('auth:reset.done')}</FormAlert>
        <Button size="lg" onClick={onSignIn}>
          {t('auth:reset.toSignIn')}
        </Button>
      </div>
    );
  }

  const badLink = reset.error instanceof ApiError && reset.error.code === 'invalid_token';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={resetPasswordSchema.preload}
      className="flex flex-col gap-4"
    >
      <NewPasswordFields
        labels={{
          password: t('auth:fields.newPassword'),
          passwordConfirmation: t('auth:fields.passwordConfirmation'),
        }}
        hint={t('auth:signUp.passwordHint')}
        values={values}
        errors={{
          password: fieldMessage(errors.password),
          passwordConfirmation: fieldMessage(errors.passwordConfirmation),
        }}
        onChange={change}
      />
      {reset.isError && !fieldErrorsFromApiError(reset.error) ? (
        <FormAlert>
          <p>{errorMessage(reset.error)}</p>
          {badLink ? newLink : null}
        </FormAlert>
      ) : null}
      <Button type="submit" size="lg" disabled={reset.isPending}>
        <KeyRound aria-hidden="true" />
        {reset.isPending ? t('auth:reset.submitting') : t('auth:reset.submit')}
      </Button>
      {back}
    </form>
  );
}
