import { changePasswordRequestSchema } from '@ztart/shared/contracts/auth';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useChangePassword } from '@/features/account/api/change-password';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import { type FieldErrors, fieldErrorsFromApiError, validate, withMatchCheck } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type Field = 'currentPassword' | 'password' | 'passwordConfirmation';
const EMPTY: Record<Field, string> = { currentPassword: '', password: '', passwordConfirmation: '' };
const FIELD_BY_CODE = { current_password_incorrect: 'currentPassword' } as const;

/** Current password, new password (with its strength) and confirmation; other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const changePassword = useChangePassword();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState(EMPTY);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(changePasswordRequestSchema, values);
    let fieldErrors: FieldErrors<Field> = result.success ? {} : result.errors;
    fieldErrors = withMatchCheck(
      fieldErrors,
      values.password,
      values.passwordConfirmation,
      'passwordConfirmation',
      'validation:passwordsDoNotMatch',
    );
    if (!result.success || Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors);
    changePassword.mutate(result.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({
          title: t('password.changed'),
          description: t('password.changedDescription'),
          variant: 'success',
        });
      },
      onError: (error) => {
        const apiFieldErrors = fieldErrorsFromApiError(error, FIELD_BY_CODE);
        if (apiFieldErrors) showErrors(apiFieldErrors);
      },
    });
  };

  const showGeneralError =
    changePassword.isError && !fieldErrorsFromApiError(changePassword.error, FIELD_BY_CODE);

  return (
    <SectionCard icon={KeyRound} title={t('password.title')} description={t('password.description')}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          label={t('fields.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => change('currentPassword', event.target.value)}
          error={fieldMessage(errors.currentPassword)}
        />
        <NewPasswordFields
          labels={{
            password: t('fields.newPassword'),
            passwordConfirmation: t('fields.passwordConfirmation'),
          }}
          hint={t('password.hint')}
          values={values}
          errors={{
            password: fieldMessage(errors.password),
            passwordConfirmation: fieldMessage(errors.passwordConfirmation),
          }}
          onChange={change}
        />
        {showGeneralError ? (
          <FormAlert>{failureMessage(changePassword.error, 'internal_error')}</FormAlert>
        ) : null}
        <Button type="submit" className="self-start" disabled={changePassword.isPending}>
          {changePassword.isPending ? t('actions.saving') : t('password.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
