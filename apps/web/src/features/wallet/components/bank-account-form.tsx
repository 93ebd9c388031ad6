import { isValidAccountNumber, isValidIban, isValidRoutingNumber, normalizeIban } from '@ztart/shared/cards';
import type { AddBankAccountRequest, PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { useAddPaymentMethod } from '@/features/wallet/api/add-payment-method';
import { fieldErrorsOfServer } from '@/features/wallet/card-checks';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';
import type { FieldErrors } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type BankKind = 'iban' | 'us_account';
type BankField = 'holderName' | 'iban' | 'accountNumber' | 'routingNumber';
type BankValues = Record<BankField, string>;

/** An IBAN in groups of four, as banks print it. */
export function formatIbanInput(input: string): string {
  return normalizeIban(input)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

export function checkBankAccount(kind: BankKind, values: BankValues): FieldErrors<BankField> {
  const errors: FieldErrors<BankField> = {};
  if (values.holderName.trim() === '') errors.holderName = 'validation:required';
  if (kind === 'iban') {
    if (values.iban.trim() === '') errors.iban = 'validation:required';
    else if (!isValidIban(values.iban)) errors.iban = 'errors:iban_invalid';
    return errors;
  }
  if (values.accountNumber === '') errors.accountNumber = 'validation:required';
  else if (!isValidAccountNumber(values.accountNumber))
    errors.accountNumber = 'errors:account_number_invalid';
  if (values.routingNumber === '') errors.routingNumber = 'validation:required';
  else if (!isValidRoutingNumber(values.routingNumber))
    errors.routingNumber = 'errors:routing_number_invalid';
  return errors;
}

function requestOf(kind: BankKind, values: BankValues, setDefault: boolean): AddBankAccountRequest {
  const holderName = values.holderName.trim();
  return kind === 'iban'
    ? { type: 'bank_account', holderName, iban: normalizeIban(values.iban), setDefault }
    : {
        type: 'bank_account',
        holderName,
        accountNumber: values.accountNumber,
        routingNumber: values.routingNumber,
        setDefault,
      };
}

const EMPTY: BankValues = { holderName: '', iban: '', accountNumber: '', routingNumber: '' };

/** Adding a bank account for withdrawals: an IBAN, or a US account and routing number. */
export function BankAccountForm({
  onAdded,
  onCancel,
  firstAccount = false,
}: {
  onAdded: (method: PaymentMethod) => void;
  onCancel?: () => void;
  firstAccount?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const form = useFormErrors<BankField>();
  const { add, isPending, error } = useAddPaymentMethod();
  const [kind, setKind] = useState<BankKind>('iban');
  const [values, setValues] = useState<BankValues>(EMPTY);
  const [setDefault, setSetDefault] = useState(false);
  const kindName = useId();

  // Problems found when the person leaves a field: shown, but focus stays where they went.
  const [blurErrors, setBlurErrors] = useState<FieldErrors<BankField>>({});
  const change = (field: BankField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
    setBlurErrors((current) => ({ ...current, [field]: undefined }));
  };
  const blur = (field: BankField) => {
    if (values[field].trim() === '') return;
    setBlurErrors((current) => ({ ...current, [field]: checkBankAccount(kind, values)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = checkBankAccount(kind, values);
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    const result = await add(requestOf(kind, values, setDefault));
    if ('method' in result) {
      setValues(EMPTY);
      onAdded(result.method);
      return;
    }
    const fieldErrors = fieldErrorsOfServer<BankField>(result.error);
    if (fieldErrors) form.showErrors(fieldErrors);
  };

  const formError = error && !fieldErrorsOfServer(error) ? error : null;
  const bind = (field: BankField) => ({
    name: field,
    value: values[field],
    onBlur: () => blur(field),
    error: fieldMessage(form.errors[field] ?? blurErrors[field]),
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('banks.kind')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {(['iban', 'us_account'] as const).map((option) => (
            <label
              key={option}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                kind === option ? 'bg-card shadow-xs' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={kindName}
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  form.showErrors({});
                  setBlurErrors({});
                }}
                className="sr-only"
              />
              {option === 'iban' ? t('banks.ibanKind') : t('banks.usKind')}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('banks.holder')}
        {...bind('holderName')}
        autoComplete="name"
        maxLength={100}
        onChange={(event) => change('holderName', event.target.value)}
      />
      {kind === 'iban' ? (
        <TextField
          label={t('banks.iban')}
          hint={t('banks.ibanHint')}
          {...bind('iban')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={42}
          onChange={(event) => change('iban', formatIbanInput(event.target.value))}
        />
      ) : (
        <>
          <TextField
            label={t('banks.routingNumber')}
            hint={t('banks.routingHint')}
            {...bind('routingNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            onChange={(event) => change('routingNumber', event.target.value.replace(/\D/g, ''))}
          />
          <TextField
            label={t('banks.accountNumber')}
            {...bind('accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            onChange={(event) => change('accountNumber', event.target.value.replace(/\D/g, ''))}
          />
        </>
      )}
      {firstAccount ? null : (
        <CheckboxField
          label={t('methods.makeDefault')}
          checked={setDefault}
          onChange={(event) => setSetDefault(event.target.checked)}
        />
      )}
      {formError ? <FormAlert>{errorMessage(formError)}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? t('banks.adding') : t('banks.add')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
