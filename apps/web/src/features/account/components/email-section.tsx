import { changeEmailRequestSchema } from '@ztart/shared/contracts/auth';
import { Mail, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { VerifiedBadge } from '@/components/verified-badge';
import { useChangeEmail } from '@/features/account/api/change-email';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import type { SessionUser } from '@/lib/auth/auth-context';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type Field = 'email' | 'password';
const FIELD_BY_CODE = { current_password_incorrect: 'password' } as const;

/** The email, verified or not, and changing it: confirmed with the password, then by a link to the new address. */
export function EmailSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const changeEmail = useChangeEmail();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ email: '', password: '' });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(changeEmailRequestSchema, values);
    if (!result.success) return showErrors(result.errors);
    changeEmail.mutate(result.data, {
      onSuccess: () => {
        setEditing(false);
        setValues({ email: '', password: '' });
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsFromApiError(error, FIELD_BY_CODE);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };

  const showGeneralError = changeEmail.isError && !fieldErrorsFromApiError(changeEmail.error, FIELD_BY_CODE);

  return (
    <SectionCard icon={Mail} title={t('email.title')} description={t('email.description')}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{user.email}</span>
        <VerifiedBadge verified={user.emailVerified} />
      </div>
      {changeEmail.isSuccess ? (
        <FormAlert variant="success">
          <p className="flex items-center gap-2 font-semibold">
            <MailCheck aria-hidden="true" className="size-4" />
            {t('email.sentTitle')}
          </p>
          <p>{t('email.sent', { email: changeEmail.variables.email })}</p>
        </FormAlert>
      ) : null}
      {editing ? (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label={t('email.newEmail')}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
            error={fieldMessage(errors.email)}
          />
          <PasswordField
            label={t('fields.currentPassword')}
            name="password"
            autoComplete="current-password"
            hint={t('email.passwordHint')}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            error={fieldMessage(errors.password)}
          />
          {showGeneralError ? (
            <FormAlert>{failureMessage(changeEmail.error, 'profile_update_failed')}</FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={changeEmail.isPending}>
              {changeEmail.isPending ? t('email.sending') : t('email.submit')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            changeEmail.reset();
            setEditing(true);
          }}
        >
          {t('email.change')}
        </Button>
      )}
    </SectionCard>
  );
}
