import { deleteAccountRequestSchema } from '@ztart/shared/contracts/profiles';
import { DELETE_CONFIRMATION_WORD } from '@ztart/shared/patterns';
import { Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { MoneyStillHeld, moneyStillHeldIn } from '@/features/account/components/money-still-held';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import { type FieldErrors, fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type Field = 'confirmation' | 'password';
const FIELD_BY_CODE = {
  delete_confirmation_failed: 'confirmation',
  current_password_incorrect: 'password',
} as const;

const REMOVED = ['removed1', 'removed2', 'removed3'] as const;
const KEPT = ['kept1', 'kept2'] as const;

/**
 * Spec §4/§5: deleting the account needs the word DELETE typed exactly ('Confirmación
 * fallida' otherwise) and the password. What goes and what stays is said first. An account
 * that still holds money is not deleted: the amounts are listed, with the way to withdraw them.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const deleteAccount = useDeleteAccount({ leave: () => void navigate('/', { replace: true }) });
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState({ confirmation: '', password: '' });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(deleteAccountRequestSchema, values);
    const fieldErrors: FieldErrors<Field> = result.success ? {} : { ...result.errors };
    // Spec §5: any word but DELETE reads 'Confirmation failed'.
    if (values.confirmation !== DELETE_CONFIRMATION_WORD)
      fieldErrors.confirmation = 'errors:delete_confirmation_failed';
    if (!result.success || Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors);
    deleteAccount.mutate(result.data, {
      onSuccess: () => {
        toast({
          title: t('account:deleteAccount.deleted'),
          description: t('account:deleteAccount.deletedDescription'),
        });
      },
      onError: (error) => {
        const apiFieldErrors = fieldErrorsFromApiError(error, FIELD_BY_CODE);
        if (apiFieldErrors) showErrors(apiFieldErrors);
      },
    });
  };

  const moneyHeld = deleteAccount.isError ? moneyStillHeldIn(deleteAccount.error) : null;
  const showGeneralError =
    deleteAccount.isError && !moneyHeld && !fieldErrorsFromApiError(deleteAccount.error, FIELD_BY_CODE);

  return (
    <SectionCard
      id="delete-account"
      icon={Trash2}
      title={t('account:deleteAccount.title')}
      description={t('account:deleteAccount.description')}
      className="border-destructive/40"
    >
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <h3 className="font-semibold">{t('account:deleteAccount.removedTitle')}</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
            {REMOVED.map((item) => (
              <li key={item}>{t(`account:deleteAccount.${item}`)}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-1.5">
          <h3 className="font-semibold">{t('account:deleteAccount.keptTitle')}</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
            {KEPT.map((item) => (
              <li key={item}>{t(`account:deleteAccount.${item}`)}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {t('account:deleteAccount.irreversible')}
      </p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          label={t('account:fields.currentPassword')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={fieldMessage(errors.password)}
        />
        <TextField
          label={t('account:deleteAccount.confirmPrompt', { word: DELETE_CONFIRMATION_WORD })}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          value={values.confirmation}
          onChange={(event) => change('confirmation', event.target.value)}
          error={fieldMessage(errors.confirmation)}
        />
        {moneyHeld ? <MoneyStillHeld balances={moneyHeld} /> : null}
        {showGeneralError ? (
          <FormAlert>{failureMessage(deleteAccount.error, 'account_delete_failed')}</FormAlert>
        ) : null}
        <Button type="submit" variant="destructive" className="self-start" disabled={deleteAccount.isPending}>
          <Trash2 aria-hidden="true" />
          {deleteAccount.isPending ? t('account:deleteAccount.deleting') : t('account:deleteAccount.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
