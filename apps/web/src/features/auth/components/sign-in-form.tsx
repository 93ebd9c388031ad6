import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { signInSchema } from '@/features/auth/auth-schemas';
import { ResendVerification } from '@/features/auth/components/resend-verification';
import { ApiError } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth/auth-actions';
import { fieldErrorsFromApiError } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type Field = 'email' | 'password';

/**
 * Email and password. Success signs in (the page then returns where the person was going);
 * failures toast 'Login Error' with the reason, and an unverified email offers a new link.
 */
export function SignInForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const fieldMessage = useFieldMessage();
  const location = useLocation();
  const signIn = useSignIn();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState({ email: '', password: '' });
  // An unverified account (403 email_not_verified): say so, and offer a new link when the server does.
  const [unverified, setUnverified] = useState<{ email: string; resend: boolean } | null>(null);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setUnverified(null);
    const result = await signInSchema.validate(values);
    if (!result.success) return showErrors(result.errors);
    signIn.mutate(result.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_not_verified') {
          setUnverified({ email: result.data.email, resend: error.details?.resend === true });
        }
        const fieldErrors = fieldErrorsFromApiError(error);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={signInSchema.preload}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('auth:fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={fieldMessage(errors.email)}
      />
      <PasswordField
        label={t('auth:fields.password')}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={fieldMessage(errors.password)}
      />
      <Link
        to="/auth?mode=forgot-password"
        state={location.state}
        className="-mt-2 inline-flex min-h-11 items-center self-start rounded text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t('auth:signIn.forgot')}
      </Link>
      {unverified ? (
        <FormAlert>
          <p>{t('errors:email_not_verified')}</p>
          {unverified.resend ? <ResendVerification email={unverified.email} /> : null}
        </FormAlert>
      ) : null}
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        <LogIn aria-hidden="true" />
        {signIn.isPending ? t('auth:signIn.submitting') : t('auth:signIn.submit')}
      </Button>
    </form>
  );
}
