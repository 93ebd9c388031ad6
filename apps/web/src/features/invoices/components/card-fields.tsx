import { brandOf, type CardDraft, type CardField, type CardProblem } from '@ztart/shared/card-draft';
import { CARD_BRAND_NAMES, cvcLengthFor, formatCardNumber, formatExpiryInput } from '@ztart/shared/cards';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';

/**
 * Number (its brand named as it is recognised), expiry, security code and name, with the
 * autocomplete names that let a phone fill in a saved card.
 */
export function CardFields({
  card,
  problems,
  onChange,
  onLeave,
}: {
  card: CardDraft;
  problems: Partial<Record<CardField, CardProblem>>;
  onChange: (card: CardDraft, field: CardField) => void;
  onLeave: (field: CardField) => void;
}) {
  const { t } = useTranslation('invoices');
  const brand = brandOf(card.number);
  const cvcLength = cvcLengthFor(brand);
  const error = (field: CardField) => {
    const problem = problems[field];
    return problem ? t(problem.key, { length: problem.vars?.length ?? cvcLength }) : undefined;
  };
  return (
    <fieldset className="flex flex-col gap-4" data-testid="card-fields">
      <legend className="mb-3 text-sm font-medium">{t('card.legend')}</legend>
      <TextField
        label={t('card.number')}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={card.number}
        error={error('number')}
        status={
          <p aria-live="polite" className="min-h-5 text-muted-foreground">
            {brand ? t('card.brand', { brand: CARD_BRAND_NAMES[brand] }) : ''}
          </p>
        }
        onChange={(event) => onChange({ ...card, number: formatCardNumber(event.target.value) }, 'number')}
        onBlur={() => onLeave('number')}
        className="tabular-nums"
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('card.expiry')}
          name="cardExpiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          maxLength={5}
          value={card.expiry}
          error={error('expiry')}
          onChange={(event) =>
            onChange({ ...card, expiry: formatExpiryInput(event.target.value, card.expiry) }, 'expiry')
          }
          onBlur={() => onLeave('expiry')}
          className="tabular-nums"
        />
        <TextField
          label={t('card.cvc')}
          hint={t('card.cvcHint', { length: cvcLength })}
          name="cardCvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={cvcLength}
          value={card.cvc}
          error={error('cvc')}
          onChange={(event) => onChange({ ...card, cvc: event.target.value.replace(/\D/g, '') }, 'cvc')}
          onBlur={() => onLeave('cvc')}
          className="tabular-nums"
        />
      </div>
      <TextField
        label={t('card.name')}
        name="cardName"
        autoComplete="cc-name"
        autoCapitalize="words"
        maxLength={100}
        value={card.name}
        error={error('name')}
        onChange={(event) => onChange({ ...card, name: event.target.value }, 'name')}
        onBlur={() => onLeave('name')}
      />
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {t('card.secure')}
      </p>
    </fieldset>
  );
}
