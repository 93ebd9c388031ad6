import type { CreateQrCodeRequest, QrEmvProfile } from '@ztart/shared/contracts/qr-codes';
import { QR_EMV_PROFILES } from '@ztart/shared/contracts/qr-codes';
import {
  EMV_MERCHANT_CITY_MAX_LENGTH,
  EMV_MERCHANT_NAME_MAX_LENGTH,
  PIX_KEY_MAX_LENGTH,
} from '@ztart/shared/emv';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { CurrencySelect } from '@/components/money/currency-select';
import type { AmountProblem } from '@/components/money/parse-amount-input';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { messageKeyOf } from '@/features/qr/form-issues';
import { type AmountMode, type QrFormField, type QrFormValues, qrRequestOf } from '@/features/qr/qr-form';
import { useFailureMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

export interface QrCodeFormProps {
  initialValues: QrFormValues;
  submitLabel: string;
  isPending: boolean;
  /** The last failure of the request, mapped here onto the fields or the whole form. */
  error: unknown;
  onSubmit: (body: CreateQrCodeRequest) => void;
  onCancel?: () => void;
  /** Clears the last failure when the person edits again. */
  onEdit?: () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field errors of a `validation_failed` answer on the contract's full paths (`emv.pixKey`). */
function apiFieldErrors(error: unknown): FieldErrors<QrFormField> | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !isRecord(error.details))
    return null;
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (!isRecord(issue) || typeof issue.path !== 'string') continue;
    errors[issue.path] ??= messageKeyOf({
      path: issue.path,
      code: String(issue.code),
      message: String(issue.message),
    });
  }
  return Object.keys(errors).length > 0 ? (errors as FieldErrors<QrFormField>) : null;
}

/** Title, description, a fixed or open amount, and the EMV payment code option. */
export function QrCodeForm({
  initialValues,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  onEdit,
}: QrCodeFormProps) {
  const { t, i18n } = useTranslation('qr');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const amountProblemMessage = useAmountProblemMessage();
  const { formRef, errors, showErrors, clearError } = useFormErrors<QrFormField>();
  const [values, setValues] = useState<QrFormValues>(initialValues);
  const [amountProblem, setAmountProblem] = useState<AmountProblem | null>(null);

  const change = <K extends keyof QrFormValues>(key: K, value: QrFormValues[K], field?: QrFormField) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (field) clearError(field);
    onEdit?.();
  };

  const chooseProfile = (profile: QrEmvProfile) => {
    // A PIX code pays in reais only: choosing it picks BRL, which the person may still see changed.
    setValues((current) => ({
      ...current,
      emvProfile: profile,
      currency: profile === 'pix' ? 'BRL' : current.currency,
    }));
    clearError('currency');
    onEdit?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = qrRequestOf(values, i18n.language);
    if (!result.ok) {
      setAmountProblem(result.amountProblem);
      showErrors(result.errors);
      return;
    }
    setAmountProblem(null);
    onSubmit(result.body);
  };

  const serverFieldErrors = apiFieldErrors(error);
  const message = (field: QrFormField) => fieldMessage(errors[field] ?? serverFieldErrors?.[field]);
  const amountMessage =
    amountProblem && errors.amountMinor === amountProblem.key
      ? amountProblemMessage(amountProblem, values.currency)
      : message('amountMinor');
  const codeLimit = qrCodeLimitOf(error);
  const formError =
    !error || serverFieldErrors
      ? null
      : codeLimit !== null
        ? t('form.limitReached', { max: codeLimit })
        : failureMessage(error, 'qr_generation_failed');

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('form.title')}
        name="title"
        required
        maxLength={TEXT_LIMITS.name}
        value={values.title}
        onChange={(event) => change('title', event.target.value, 'title')}
        error={message('title')}
      />
      <TextAreaField
        label={t('form.description')}
        hint={t('form.optional')}
        name="description"
        maxLength={TEXT_LIMITS.note}
        value={values.description}
        onChange={(event) => change('description', event.target.value, 'description')}
        error={message('description')}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('form.amountMode')}</legend>
        {(['open', 'fixed'] as const satisfies readonly AmountMode[]).map((mode) => (
          <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="radio"
              name="amountMode"
              value={mode}
              checked={values.amountMode === mode}
              onChange={() => change('amountMode', mode, 'amountMinor')}
              className="size-5 shrink-0 cursor-pointer accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            <span>{mode === 'open' ? t('form.anyAmount') : t('form.fixedAmount')}</span>
          </label>
        ))}
      </fieldset>
      <CurrencySelect
        label={t('form.currency')}
        value={values.currency}
        onValueChange={(currency) => change('currency', currency, 'currency')}
      />
      {message('currency') ? (
        <p role="alert" className="-mt-2 text-sm font-medium text-destructive">
          {message('currency')}
        </p>
      ) : null}
      {values.amountMode === 'fixed' ? (
        <AmountField
          label={t('form.amount')}
          name="amount"
          currency={values.currency}
          value={values.amount}
          onValueChange={(amount) => change('amount', amount, 'amountMinor')}
          error={amountMessage}
        />
      ) : null}
      <Select
        label={t('form.emv')}
        value={values.emvProfile}
        onChange={(event) => {
          const profile = QR_EMV_PROFILES.find((candidate) => candidate === event.target.value);
          if (profile) chooseProfile(profile);
        }}
      >
        {QR_EMV_PROFILES.map((profile) => (
          <option key={profile} value={profile}>
            {t(`form.emvProfiles.${profile}`)}
          </option>
        ))}
      </Select>
      <p className="-mt-2 text-sm text-muted-foreground">{t(`form.emvHints.${values.emvProfile}`)}</p>
      {values.emvProfile === 'pix' ? (
        <TextField
          label={t('form.pixKey')}
          hint={t('form.pixKeyHint')}
          name="pixKey"
          autoComplete="off"
          maxLength={PIX_KEY_MAX_LENGTH}
          value={values.pixKey}
          onChange={(event) => change('pixKey', event.target.value, 'emv.pixKey')}
          error={message('emv.pixKey')}
        />
      ) : null}
      {values.emvProfile !== 'none' ? (
        <>
          <TextField
            label={t('form.merchantName')}
            hint={t('form.merchantNameHint', { max: EMV_MERCHANT_NAME_MAX_LENGTH })}
            name="merchantName"
            autoComplete="organization"
            maxLength={TEXT_LIMITS.name}
            value={values.merchantName}
            onChange={(event) => change('merchantName', event.target.value, 'emv.merchantName')}
            error={message('emv.merchantName')}
          />
          <TextField
            label={t('form.merchantCity')}
            hint={t('form.merchantCityHint', { max: EMV_MERCHANT_CITY_MAX_LENGTH })}
            name="merchantCity"
            autoComplete="address-level2"
            maxLength={TEXT_LIMITS.name}
            value={values.merchantCity}
            onChange={(event) => change('merchantCity', event.target.value, 'emv.merchantCity')}
            error={message('emv.merchantCity')}
          />
        </>
      ) : null}
      {values.emvProfile === 'emv' ? (
        <TextField
          label={t('form.countryCode')}
          hint={t('form.countryCodeHint')}
          name="countryCode"
          autoComplete="country"
          maxLength={2}
          className="uppercase"
          value={values.countryCode}
          onChange={(event) => change('countryCode', event.target.value, 'emv.countryCode')}
          error={message('emv.countryCode')}
        />
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The most QR codes a person may have, when that is what the failure says. */
function qrCodeLimitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'limit_exceeded' || !isRecord(error.details))
    return null;
  const { limit, max } = error.details;
  return limit === 'qrCodes' && typeof max === 'number' ? max : null;
}
