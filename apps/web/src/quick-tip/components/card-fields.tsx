import { cvcLengthFor, formatCardNumber } from '@ztart/shared/cards';
import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { cn } from '@/lib/cn';
import { brandOf, CARD_BRAND_NAMES, type CardDraft, type CardField, formatExpiryInput } from '../card.ts';
import { useI18n } from '../i18n.ts';
import type { FieldProblems, FormField, Problem } from '../problems.ts';

/**
 * Number (its brand shown as it is recognised), expiry, security code and name, with the
 * autocomplete names that let a phone fill in a saved card.
 */
export function CardFields({
  card,
  problems,
  cardProblem,
  ids,
  onChange,
  onLeave,
}: {
  card: CardDraft;
  problems: FieldProblems;
  cardProblem: Problem | null;
  ids: Record<FormField, string>;
  onChange: (card: CardDraft, field: CardField) => void;
  onLeave: (field: FormField) => void;
}) {
  const { t } = useI18n();
  const problemRef = useRef<HTMLDivElement>(null);
  const brand = brandOf(card.number);
  const cvcLength = cvcLengthFor(brand);
  const error = (field: CardField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.vars) : undefined;
  };
  // A refused card brings the person back from the confirmation, whose pay button sat near the
  // top of a short page: the message goes to the middle of the screen, with focus on it, instead
  // of staying below the fold of this long form.
  useEffect(() => {
    const alert = problemRef.current;
    if (!cardProblem || !alert) return;
    alert.scrollIntoView?.({ block: 'center' });
    alert.focus({ preventScroll: true });
  }, [cardProblem]);
  return (
    <fieldset className="flex flex-col gap-4" data-testid="card-fields">
      <legend className="mb-3 flex items-center gap-2 text-sm font-medium">{t('card.legend')}</legend>
      {cardProblem ? (
        <div ref={problemRef} tabIndex={-1} data-testid="card-problem" className="rounded-lg outline-none">
          <FormAlert>
            <p>{t(cardProblem.key, cardProblem.vars)}</p>
            {card.cvc === '' ? <p>{t('card.cvcAgain')}</p> : null}
          </FormAlert>
        </div>
      ) : null}
      <Field
        id={ids.number}
        label={t('card.number')}
        error={error('number')}
        status={
          brand ? (
            <span data-testid="card-brand" className="text-muted-foreground">
              {t('card.brand', { brand: CARD_BRAND_NAMES[brand] })}
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            value={card.number}
            onChange={(event) =>
              onChange({ ...card, number: formatCardNumber(event.target.value) }, 'number')
            }
            onBlur={() => onLeave('number')}
            className={cn(INPUT_CLASS, 'tabular-nums')}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={ids.expiry} label={t('card.expiry')} error={error('expiry')}>
          {(control) => (
            <input
              {...control}
              name="cardExpiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('card.expiryPlaceholder')}
              maxLength={5}
              value={card.expiry}
              onChange={(event) =>
                onChange({ ...card, expiry: formatExpiryInput(event.target.value, card.expiry) }, 'expiry')
              }
              onBlur={() => onLeave('expiry')}
              className={cn(INPUT_CLASS, 'tabular-nums')}
            />
          )}
        </Field>
        <Field
          id={ids.cvc}
          label={t('card.cvc')}
          hint={brand === 'amex' ? t('card.cvcHintAmex') : t('card.cvcHint', { length: cvcLength })}
          error={error('cvc')}
        >
          {(control) => (
            <input
              {...control}
              name="cardCvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={'•'.repeat(cvcLength)}
              maxLength={cvcLength}
              value={card.cvc}
              onChange={(event) => onChange({ ...card, cvc: event.target.value.replace(/\D/g, '') }, 'cvc')}
              onBlur={() => onLeave('cvc')}
              className={cn(INPUT_CLASS, 'tabular-nums')}
            />
          )}
        </Field>
      </div>
      <Field id={ids.name} label={t('card.name')} error={error('name')}>
        {(control) => (
          <input
            {...control}
            name="cardName"
            autoComplete="cc-name"
            autoCapitalize="words"
            maxLength={100}
            value={card.name}
            onChange={(event) => onChange({ ...card, name: event.target.value }, 'name')}
            onBlur={() => onLeave('name')}
            className={INPUT_CLASS}
          />
        )}
      </Field>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {t('card.secure')}
      </p>
    </fieldset>
  );
}
