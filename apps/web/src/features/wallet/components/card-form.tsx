import { cvcLengthFor, formatCardNumber } from '@ztart/shared/cards';
import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useAddPaymentMethod } from '@/features/wallet/api/add-payment-method';
import { CARD_BRAND_NAMES } from '@/features/wallet/brands';
import {
  brandOf,
  type CardField,
  type CardValues,
  cardRequestOf,
  checkCard,
  checkCardField,
  fieldErrorsOfServer,
  formatExpiryInput,
} from '@/features/wallet/card-checks';
import { defaultCountry, sortedCountries } from '@/features/wallet/countries';
import { errorCodeOf, useErrorMessage } from '@/hooks/use-error-message';
import type { FieldErrors } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

function emptyCard(): CardValues {
  return {
    number: '',
    expiry: '',
    cvc: '',
    cardholderName: '',
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: '',
    country: defaultCountry(),
    setDefault: false,
  };
}

export interface CardFormProps {
  onAdded: (method: PaymentMethod) => void;
  onCancel?: () => void;
  /** The person has no card yet: the first one becomes the default anyway. */
  firstCard?: boolean;
  now?: () => Date;
}

/**
 * Adding a card: the number grouped as printed and its brand named as it is typed, each field
 * checked when the person leaves it, the server's refusals on the field they name. The number
 * and CVC leave the form only in the request, and the form forgets them once the card is added.
 */
export function CardForm({ onAdded, onCancel, firstCard = false, now = () => new Date() }: CardFormProps) {
  const { t, i18n } = useTranslation('wallet');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const form = useFormErrors<CardField>();
  const { add, isPending, error } = useAddPaymentMethod();
  const [values, setValues] = useState<CardValues>(emptyCard);
  const brand = brandOf(values.number);
  const countries = useMemo(() => sortedCountries(i18n.language), [i18n.language]);

  // Problems found when the person leaves a field: shown, but focus stays where they went.
  const [blurErrors, setBlurErrors] = useState<FieldErrors<CardField>>({});
  const change = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
    setBlurErrors((current) => ({ ...current, [field]: undefined }));
  };
  const blur = (field: CardField) => {
    if (values[field].trim() === '') return;
    setBlurErrors((current) => ({ ...current, [field]: checkCardField(field, values, now()) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = checkCard(values, now());
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    const result = await add(cardRequestOf(values));
    if ('method' in result) {
      setValues(emptyCard());
      onAdded(result.method);
      return;
    }
    const fieldErrors = fieldErrorsOfServer<CardField>(result.error);
    if (fieldErrors) form.showErrors(fieldErrors);
  };

  const formError = error && !fieldErrorsOfServer(error) ? error : null;
  // The bank refused the card at its zero-amount check: say so, and that the card was not saved.
  const refusal = formError ? errorCodeOf(formError) : null;
  const formErrorMessage =
    refusal === 'card_declined' || refusal === 'card_insufficient_funds'
      ? t(`cards.notSaved.${refusal}`)
      : formError
        ? errorMessage(formError)
        : null;
  const bind = (field: CardField) => ({
    name: field,
    value: values[field],
    onBlur: () => blur(field),
    error: fieldMessage(form.errors[field] ?? blurErrors[field]),
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('cards.number')}
        {...bind('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        placeholder="1234 5678 9012 3456"
        onChange={(event) => change('number', formatCardNumber(event.target.value))}
        status={
          <p aria-live="polite" className="min-h-6">
            {brand ? <Badge>{CARD_BRAND_NAMES[brand]}</Badge> : null}
          </p>
        }
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('cards.expiry')}
          hint={t('cards.expiryHint')}
          {...bind('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          onChange={(event) => change('expiry', formatExpiryInput(event.target.value, values.expiry))}
        />
        <TextField
          label={t('cards.cvc')}
          hint={brand === 'amex' ? t('cards.cvcHintFront') : t('cards.cvcHintBack')}
          {...bind('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={cvcLengthFor(brand)}
          onChange={(event) => change('cvc', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <TextField
        label={t('cards.holder')}
        {...bind('cardholderName')}
        autoComplete="cc-name"
        maxLength={100}
        onChange={(event) => change('cardholderName', event.target.value)}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('cards.billingAddress')}</legend>
        <TextField
          label={t('cards.line1')}
          {...bind('line1')}
          autoComplete="address-line1"
          maxLength={200}
          onChange={(event) => change('line1', event.target.value)}
        />
        <TextField
          label={t('cards.line2')}
          {...bind('line2')}
          autoComplete="address-line2"
          maxLength={200}
          onChange={(event) => change('line2', event.target.value)}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('cards.city')}
            {...bind('city')}
            autoComplete="address-level2"
            maxLength={100}
            onChange={(event) => change('city', event.target.value)}
          />
          <TextField
            label={t('cards.region')}
            {...bind('region')}
            autoComplete="address-level1"
            maxLength={100}
            onChange={(event) => change('region', event.target.value)}
          />
          <TextField
            label={t('cards.postalCode')}
            {...bind('postalCode')}
            autoComplete="postal-code"
            maxLength={20}
            onChange={(event) => change('postalCode', event.target.value)}
          />
          <Select
            label={t('cards.country')}
            name="country"
            autoComplete="country"
            value={values.country}
            onChange={(event) => change('country', event.target.value)}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
        </div>
      </fieldset>
      {firstCard ? null : (
        <CheckboxField
          label={t('methods.makeDefault')}
          checked={values.setDefault}
          onChange={(event) => setValues((current) => ({ ...current, setDefault: event.target.checked }))}
        />
      )}
      {formErrorMessage ? <FormAlert>{formErrorMessage}</FormAlert> : null}
      <p className="text-sm text-muted-foreground">{t('cards.safety')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? t('cards.adding') : t('cards.add')}
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
