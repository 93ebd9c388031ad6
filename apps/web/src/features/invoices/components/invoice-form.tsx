import type { Invoice } from '@ztart/shared/contracts/invoices';
import { INVOICE_LIMITS, TEXT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { CurrencySelect } from '@/components/money/currency-select';
import { useFormatMoney } from '@/components/money/money';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { InvoiceTotalsList } from '@/features/invoices/components/invoice-totals';
import {
  checkDraft,
  type DraftProblem,
  type DraftProblems,
  emptyLine,
  type InvoiceDraft,
  type LineDraft,
  parseTaxRate,
  previewTotals,
} from '@/features/invoices/invoice-draft';
import { useErrorMessage } from '@/hooks/use-error-message';

/** Translates a problem of the draft, amounts written as money in the person's language. */
export function useDraftProblemMessage(
  currency: Currency,
): (problem: DraftProblem | undefined) => string | undefined {
  const { t } = useTranslation(['invoices', 'validation']);
  const amountMessage = useAmountProblemMessage();
  const format = useFormatMoney();
  return (problem) => {
    if (!problem) return undefined;
    switch (problem.key) {
      case 'amount':
        return amountMessage(problem.problem, currency);
      case 'invoices:validation.totalMax':
        return t('invoices:validation.totalMax', { max: format(problem.maxMinor, currency) });
      case 'invoices:validation.totalMin':
        return t('invoices:validation.totalMin', { min: format(problem.minMinor, currency) });
      case 'validation:maxLength':
        return t('validation:maxLength', { max: problem.max });
      case 'invoices:validation.quantity':
        return t('invoices:validation.quantity', { max: problem.max });
      case 'invoices:validation.taxRate':
        return t('invoices:validation.taxRate', { max: problem.max });
      case 'invoices:validation.linesMax':
        return t('invoices:validation.linesMax', { max: problem.max });
      default:
        return t(problem.key);
    }
  };
}

export interface InvoiceFormProps {
  initial: InvoiceDraft;
  /** The currencies offered: the person's own. */
  currencies: readonly Currency[];
  /** The invoice being edited (its number in the title), or null for a new one. */
  invoice: Invoice | null;
  today: string;
  pending: boolean;
  failure: unknown;
  onSubmit: (request: ReturnType<typeof checkDraft> & { ok: true }) => void;
  onCancel: () => void;
}

/**
 * The invoice's fields in one column: the customer, the lines (added and removed as rows), the
 * tax rate, currency, due date and notes, with the totals recomputed as the person types (the
 * contract's integer arithmetic, never a float). Everything is checked before it is sent.
 */
export function InvoiceForm({
  initial,
  currencies,
  today,
  pending,
  failure,
  onSubmit,
  onCancel,
}: InvoiceFormProps) {
  const { t, i18n } = useTranslation(['invoices', 'validation']);
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<InvoiceDraft>(initial);
  const [problems, setProblems] = useState<DraftProblems>({ line: {} });
  const message = useDraftProblemMessage(draft.currency);
  const totals = useMemo(() => previewTotals(draft, i18n.language), [draft, i18n.language]);
  const linesId = useId();
  const hasProblems =
    Object.entries(problems).some(([key, value]) => key !== 'line' && value) ||
    Object.keys(problems.line).length > 0;

  const change = <K extends Exclude<keyof InvoiceDraft, 'lines'>>(field: K, value: InvoiceDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const changeLine = (key: string, field: keyof Omit<LineDraft, 'key'>, value: string) => {
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, [field]: value } : line)),
    }));
    setProblems((current) => ({
      ...current,
      lines: undefined,
      line: { ...current.line, [key]: { ...current.line[key], [field]: undefined } },
    }));
  };
  const addLine = () => setDraft((current) => ({ ...current, lines: [...current.lines, emptyLine()] }));
  const removeLine = (key: string) => {
    setDraft((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
    setProblems((current) => ({ ...current, lines: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, i18n.language, today);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({ line: {} });
    onSubmit(checked);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="invoice-form">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">{t('invoices:form.customer')}</legend>
        <TextField
          label={t('invoices:form.customerName')}
          value={draft.customerName}
          maxLength={TEXT_LIMITS.name}
          autoComplete="off"
          error={message(problems.customerName)}
          onChange={(event) => change('customerName', event.target.value)}
        />
        <TextField
          type="email"
          label={t('invoices:form.customerEmail')}
          hint={t('invoices:form.customerEmailHint')}
          value={draft.customerEmail}
          autoComplete="off"
          inputMode="email"
          error={message(problems.customerEmail)}
          onChange={(event) => change('customerEmail', event.target.value)}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4" aria-describedby={problems.lines ? linesId : undefined}>
        <legend className="mb-2 text-base font-semibold">{t('invoices:form.lines')}</legend>
        <ol className="flex flex-col gap-4">
          {draft.lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              number={index + 1}
              currency={draft.currency}
              canRemove={draft.lines.length > 1}
              problems={{
                description: message(problems.line[line.key]?.description),
                quantity: message(problems.line[line.key]?.quantity),
                unitPrice: message(problems.line[line.key]?.unitPrice),
              }}
              onChange={(field, value) => changeLine(line.key, field, value)}
              onRemove={() => removeLine(line.key)}
            />
          ))}
        </ol>
        <p id={linesId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {message(problems.lines) ?? ''}
        </p>
        <Button
          variant="outline"
          className="self-start"
          disabled={draft.lines.length >= INVOICE_LIMITS.linesMax}
          onClick={addLine}
        >
          <Plus aria-hidden="true" />
          {t('invoices:form.addLine')}
        </Button>
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('invoices:form.taxRate')}
          hint={t('invoices:form.taxRateHint')}
          value={draft.taxRate}
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          error={message(problems.taxRate)}
          onChange={(event) => change('taxRate', event.target.value)}
        />
        <CurrencySelect
          label={t('invoices:form.currency')}
          value={draft.currency}
          currencies={currencies}
          onValueChange={(currency) => change('currency', currency)}
        />
        <TextField
          type="date"
          label={t('invoices:form.dueDate')}
          value={draft.dueDate}
          min={today}
          error={message(problems.dueDate)}
          onChange={(event) => change('dueDate', event.target.value)}
        />
      </div>
      <TextAreaField
        label={t('invoices:form.notes')}
        hint={t('invoices:form.notesHint')}
        value={draft.notes}
        maxLength={INVOICE_LIMITS.notesMax}
        error={message(problems.notes)}
        onChange={(event) => change('notes', event.target.value)}
      />

      <section aria-label={t('invoices:totals.title')} className="rounded-xl border bg-muted/30 p-4">
        {totals ? (
          <InvoiceTotalsList
            live
            totals={totals}
            currency={draft.currency}
            taxRateBasisPoints={parseTaxRate(draft.taxRate) ?? 0}
          />
        ) : (
          <p data-testid="invoice-totals-too-large" aria-live="polite" className="text-sm">
            {t('invoices:totals.tooLarge')}
          </p>
        )}
      </section>

      {hasProblems ? (
        <FormAlert>
          <p>{t('invoices:form.problems')}</p>
        </FormAlert>
      ) : null}
      {failure ? (
        <FormAlert>
          <p>{errorMessage(failure)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1" disabled={pending}>
          {pending ? t('invoices:actions.saving') : t('invoices:actions.saveDraft')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel} disabled={pending}>
          {t('invoices:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function LineRow({
  line,
  number,
  currency,
  canRemove,
  problems,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  number: number;
  currency: Currency;
  canRemove: boolean;
  problems: {
    description?: string | undefined;
    quantity?: string | undefined;
    unitPrice?: string | undefined;
  };
  onChange: (field: keyof Omit<LineDraft, 'key'>, value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('invoices');
  const headingId = useId();
  return (
    <li
      data-testid="invoice-line"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
          {t('form.lineNumber', { number })}
        </h3>
        {canRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('form.removeLine', { number })}
            title={t('form.removeLine', { number })}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <TextField
        label={t('form.lineDescription')}
        value={line.description}
        maxLength={INVOICE_LIMITS.lineDescriptionMax}
        autoComplete="off"
        error={problems.description}
        onChange={(event) => onChange('description', event.target.value)}
      />
      <div className="grid grid-cols-[minmax(0,6rem)_1fr] gap-3">
        <TextField
          label={t('form.lineQuantity')}
          value={line.quantity}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          error={problems.quantity}
          onChange={(event) => onChange('quantity', event.target.value.replace(/\D/g, ''))}
        />
        <AmountField
          label={t('form.lineUnitPrice')}
          currency={currency}
          value={line.unitPrice}
          error={problems.unitPrice}
          onValueChange={(value) => onChange('unitPrice', value)}
        />
      </div>
    </li>
  );
}
