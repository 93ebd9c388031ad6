import type { TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { CreditCard, ShieldCheck, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { separatorsOf } from '@/components/money/parse-amount-input';
import { Button } from '@/components/ui/button';
import { Field, FieldError, INPUT_CLASS } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { cn } from '@/lib/cn';
import { type CardField, checkCardField } from '../card.ts';
import {
  checkAmount,
  checkDraft,
  checkReceipt,
  type DraftContext,
  type TipDraft,
  tipCurrency,
} from '../form.ts';
import { useI18n } from '../i18n.ts';
import type { FieldProblems, FormField, Problem } from '../problems.ts';
import { CardFields } from './card-fields.tsx';
import { ChoiceTile } from './choice-tile.tsx';

/** The id of each field's control, to move focus to the first one with a problem. */
export const FIELD_IDS: Record<FormField, string> = {
  amount: 'qt-amount',
  message: 'qt-message',
  receipt: 'qt-receipt',
  number: 'qt-card-number',
  expiry: 'qt-card-expiry',
  cvc: 'qt-card-cvc',
  name: 'qt-card-name',
};

const FIELD_ORDER: readonly FormField[] = ['amount', 'message', 'receipt', 'number', 'expiry', 'cvc', 'name'];

/** Focus on a field with a problem; for the amount, the typed amount or else the chosen preset. */
function focusField(field: FormField): void {
  const control =
    document.getElementById(FIELD_IDS[field]) ??
    (field === 'amount'
      ? (document.querySelector<HTMLElement>('input[name="amount"]:checked') ??
        document.getElementById(`${FIELD_IDS.amount}-fixed`))
      : null);
  control?.focus();
}

export interface TipFormProps {
  draft: TipDraft;
  onDraft: (draft: TipDraft) => void;
  context: DraftContext;
  ownPage: boolean;
  offerWallet: boolean;
  /** Problems the server found with the last confirmed tip, on their fields. */
  initialProblems: FieldProblems;
  /** A refused card (declined, no funds), shown on the card. */
  cardProblem: Problem | null;
  /** A refusal about the whole tip. */
  formProblem: Problem | null;
  onConfirm: (request: TipRequestInput) => void;
}

/**
 * Amount, message, receipt contact and how to pay. Each field is checked when the person leaves
 * it (and again as they fix it); everything once more on Continue, which opens the confirmation.
 */
export function TipForm({
  draft,
  onDraft,
  context,
  ownPage,
  offerWallet,
  initialProblems,
  cardProblem,
  formProblem,
  onConfirm,
}: TipFormProps) {
  const { t } = useI18n();
  const [problems, setProblems] = useState<FieldProblems>(initialProblems);
  const [submitFailed, setSubmitFailed] = useState(false);

  const update = (next: TipDraft, recheck: FormField[] = []) => {
    onDraft(next);
    // Only fields already showing a problem are checked as the person types: no red while typing.
    const shown = recheck.filter((field) => problems[field]);
    if (shown.length > 0) setProblems((current) => ({ ...current, ...problemsOf(next, shown) }));
  };

  const problemsOf = (next: TipDraft, fields: FormField[]): FieldProblems => {
    const found: FieldProblems = {};
    for (const field of fields) found[field] = problemOf(next, field);
    return found;
  };

  const problemOf = (next: TipDraft, field: FormField): Problem | undefined => {
    if (field === 'amount') {
      const amount = checkAmount(next, context);
      return 'problem' in amount ? amount.problem : undefined;
    }
    if (field === 'receipt') {
      const receipt = checkReceipt(next);
      return 'problem' in receipt ? receipt.problem : undefined;
    }
    if (field === 'message') return undefined;
    return next.source === 'card' ? checkCardField(field as CardField, next.card, context.now) : undefined;
  };

  const checkOnLeave = (field: FormField) => {
    // An empty field is not an error until Continue: leaving it blank on the way is fine.
    const empty =
      (field === 'amount' && draft.presetMinor === null && draft.custom.trim() === '') ||
      (field !== 'amount' &&
        field !== 'message' &&
        field !== 'receipt' &&
        draft.card[field as CardField] === '');
    if (empty && !problems[field]) return;
    setProblems((current) => ({ ...current, [field]: problemOf(draft, field) }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkDraft(draft, context);
    if (result.ok) {
      onConfirm(result.request);
      return;
    }
    setProblems(result.problems);
    setSubmitFailed(true);
    const first = FIELD_ORDER.find((field) => result.problems[field]);
    if (first) focusField(first);
  };

  const anyProblem = Object.values(problems).some(Boolean);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" data-testid="tip-form">
      <p className="flex items-start justify-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('page.noAccount')}
      </p>
      {ownPage ? (
        <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-soft-foreground">
          {t('page.ownPage')}
        </p>
      ) : null}
      {formProblem ? (
        <FormAlert>
          <p>{t(formProblem.key, formProblem.vars)}</p>
        </FormAlert>
      ) : null}
      <AmountChooser
        draft={draft}
        context={context}
        problem={problems.amount}
        onChange={(next) => update(next, ['amount'])}
        onLeave={() => checkOnLeave('amount')}
      />
      <Field
        id={FIELD_IDS.message}
        label={t('message.label')}
        hint={t('message.left', { count: TEXT_LIMITS.tipMessage - draft.message.length })}
        error={problems.message ? t(problems.message.key, problems.message.vars) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={2}
            maxLength={TEXT_LIMITS.tipMessage}
            value={draft.message}
            onChange={(event) => update({ ...draft, message: event.target.value }, ['message'])}
            className={cn(INPUT_CLASS, 'resize-y')}
          />
        )}
      </Field>
      <ReceiptFields
        draft={draft}
        problem={problems.receipt}
        onChange={(next) => update(next, ['receipt'])}
        onLeave={() => checkOnLeave('receipt')}
      />
      {offerWallet ? (
        <SourceChooser
          draft={draft}
          context={context}
          onChange={(next) => {
            onDraft(next);
            // The bounds of the amount depend on the source: check it again if it was shown.
            setProblems((current) => ({
              ...current,
              amount: current.amount ? problemOf(next, 'amount') : undefined,
            }));
          }}
        />
      ) : null}
      {draft.source === 'card' ? (
        <CardFields
          card={draft.card}
          problems={problems}
          cardProblem={cardProblem}
          ids={FIELD_IDS}
          onChange={(card, field) => update({ ...draft, card }, [field])}
          onLeave={checkOnLeave}
        />
      ) : null}
      {submitFailed && anyProblem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('form.fixProblems')}
        </p>
      ) : null}
      <Button type="submit" size="lg" variant="brand" className="w-full">
        {t('form.continue')}
      </Button>
    </form>
  );
}

function AmountChooser({
  draft,
  context,
  problem,
  onChange,
  onLeave,
}: {
  draft: TipDraft;
  context: DraftContext;
  problem: Problem | undefined;
  onChange: (draft: TipDraft) => void;
  onLeave: () => void;
}) {
  const { t, money, language } = useI18n();
  const currency = tipCurrency(context);
  const fixed = context.params.fixedAmount;
  const hintId = `${FIELD_IDS.amount}-hint`;
  const errorId = `${FIELD_IDS.amount}-error`;
  const describedBy = [problem ? errorId : null, hintId].filter(Boolean).join(' ');
  const { minMinor, maxMinor } =
    draft.source === 'wallet' && context.wallet
      ? {
          minMinor: Math.max(context.wallet.minMinor, context.profile.minMinor),
          maxMinor: context.wallet.transferMaxMinor,
        }
      : context.profile;
  const error = problem ? t(problem.key, problem.vars) : undefined;

  if (fixed) {
    return (
      <section className="flex flex-col items-center gap-1 text-center">
        <h2 className="text-sm font-medium text-muted-foreground">{t('amount.legend')}</h2>
        <p id={`${FIELD_IDS.amount}-fixed`} tabIndex={-1} className="text-4xl font-semibold tabular-nums">
          {money(fixed.amountMinor, fixed.currency)}
        </p>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('amount.fixed')}
        </p>
        <FieldError id={errorId} error={error} />
        {problem?.overMax ? (
          <OverMaxHelp ztartag={context.profile.ztartag} embed={context.params.embed} />
        ) : null}
      </section>
    );
  }

  const custom = draft.presetMinor === null;
  const { decimal } = separatorsOf(language);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">{t('amount.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {context.profile.presetsMinor.map((presetMinor) => (
          <ChoiceTile
            key={presetMinor}
            testId={`preset-${presetMinor}`}
            name="amount"
            value={String(presetMinor)}
            checked={draft.presetMinor === presetMinor}
            describedBy={describedBy}
            onSelect={() => onChange({ ...draft, presetMinor })}
            className="min-h-14 text-lg tabular-nums"
          >
            {money(presetMinor, currency)}
          </ChoiceTile>
        ))}
        <ChoiceTile
          name="amount"
          value="other"
          checked={custom}
          describedBy={describedBy}
          onSelect={() => onChange({ ...draft, presetMinor: null })}
          className="min-h-14 text-lg"
        >
          {t('amount.other')}
        </ChoiceTile>
      </div>
      {custom ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={FIELD_IDS.amount} className="text-sm font-medium">
            {t('amount.custom', { currency })}
          </label>
          <div className="relative">
            <input
              id={FIELD_IDS.amount}
              name="customAmount"
              inputMode="decimal"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the person just chose to type an amount.
              autoFocus
              placeholder={`5${decimal}00`}
              value={draft.custom}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...draft, custom: event.target.value })}
              onBlur={onLeave}
              className={cn(INPUT_CLASS, 'pr-16 text-lg tabular-nums')}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
            >
              {currency}
            </span>
          </div>
        </div>
      ) : null}
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('amount.range', { min: money(minMinor, currency), max: money(maxMinor, currency) })}
      </p>
      <FieldError id={errorId} error={error} />
      {problem?.overMax ? (
        <OverMaxHelp ztartag={context.profile.ztartag} embed={context.params.embed} />
      ) : null}
    </fieldset>
  );
}

/** Above the quick-tip maximum (spec §5): verify the account, or send a direct transfer. */
function OverMaxHelp({ ztartag, embed }: { ztartag: string; embed: boolean }) {
  const { t } = useI18n();
  const target = embed ? { target: '_blank', rel: 'noopener' } : {};
  const link =
    'inline-flex min-h-11 items-center rounded-lg border border-input px-3 text-sm font-medium hover:bg-accent ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
  return (
    <div data-testid="over-max-help" className="flex flex-col gap-2 rounded-lg bg-muted p-3 text-sm">
      <p>{t('amount.overMaxHelp')}</p>
      <div className="flex flex-wrap gap-2">
        <a href="/account?tab=profile" className={link} {...target}>
          {t('amount.verify')}
        </a>
        <a href={`/payments?to=${encodeURIComponent(ztartag)}`} className={link} {...target}>
          {t('amount.transfer')}
        </a>
      </div>
    </div>
  );
}

function ReceiptFields({
  draft,
  problem,
  onChange,
  onLeave,
}: {
  draft: TipDraft;
  problem: Problem | undefined;
  onChange: (draft: TipDraft) => void;
  onLeave: () => void;
}) {
  const { t } = useI18n();
  const email = draft.receiptKind === 'email';
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('receipt.legend')}</legend>
      <p className="text-sm text-muted-foreground">{t('receipt.hint')}</p>
      <div className="grid grid-cols-2 gap-2">
        <ChoiceTile
          name="receiptKind"
          value="email"
          checked={email}
          onSelect={() => onChange({ ...draft, receiptKind: 'email' })}
        >
          {t('receipt.email')}
        </ChoiceTile>
        <ChoiceTile
          name="receiptKind"
          value="phone"
          checked={!email}
          onSelect={() => onChange({ ...draft, receiptKind: 'phone' })}
        >
          {t('receipt.phone')}
        </ChoiceTile>
      </div>
      <Field
        id={FIELD_IDS.receipt}
        label={email ? t('receipt.emailLabel') : t('receipt.phoneLabel')}
        hint={email ? undefined : t('receipt.phoneHint')}
        error={problem ? t(problem.key, problem.vars) : undefined}
      >
        {(control) => (
          <input
            {...control}
            key={draft.receiptKind}
            name={email ? 'email' : 'phone'}
            type={email ? 'email' : 'tel'}
            inputMode={email ? 'email' : 'tel'}
            autoComplete={email ? 'email' : 'tel'}
            value={draft.receipt}
            onChange={(event) => onChange({ ...draft, receipt: event.target.value })}
            onBlur={onLeave}
            className={INPUT_CLASS}
          />
        )}
      </Field>
    </fieldset>
  );
}

function SourceChooser({
  draft,
  context,
  onChange,
}: {
  draft: TipDraft;
  context: DraftContext;
  onChange: (draft: TipDraft) => void;
}) {
  const { t, money } = useI18n();
  const currency = tipCurrency(context);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-3 text-sm font-medium">{t('source.legend')}</legend>
      <div className="grid grid-cols-2 gap-2">
        <ChoiceTile
          name="source"
          value="card"
          checked={draft.source === 'card'}
          onSelect={() => onChange({ ...draft, source: 'card' })}
        >
          <CreditCard aria-hidden="true" className="size-4" />
          {t('source.card')}
        </ChoiceTile>
        <ChoiceTile
          name="source"
          value="wallet"
          checked={draft.source === 'wallet'}
          onSelect={() => onChange({ ...draft, source: 'wallet' })}
          className="flex-col gap-0.5"
        >
          <span className="inline-flex items-center gap-2">
            <Wallet aria-hidden="true" className="size-4" />
            {t('source.wallet')}
          </span>
          <span className="text-xs font-normal text-muted-foreground">
            {context.wallet
              ? t('source.walletAvailable', { amount: money(context.wallet.availableMinor, currency) })
              : t('source.walletLoading')}
          </span>
        </ChoiceTile>
      </div>
    </fieldset>
  );
}
