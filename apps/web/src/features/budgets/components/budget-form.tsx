import type { Budget } from '@ztart/shared/contracts/budgets';
import type { Category } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { Tags } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { CurrencySelect } from '@/components/money/currency-select';
import { checkAmount } from '@/components/money/parse-amount-input';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast/toast-store';
import { useCreateBudget, useUpdateBudget } from '@/features/budgets/api/budgets';
import { useErrorMessage } from '@/hooks/use-error-message';

/**
 * Sets a month's limit for a category and currency, or changes the limit of one (its category and
 * currency stay). Categories that already have a budget in the chosen currency are left out.
 */
export function BudgetForm({
  month,
  monthLabel,
  budget,
  budgets,
  categories,
  categoryName,
  onDone,
}: {
  month: string;
  monthLabel: string;
  /** The budget being changed; a new one without it. */
  budget: Budget | null;
  budgets: readonly Budget[];
  categories: readonly Category[];
  categoryName: (category: Category) => string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['budgets', 'validation']);
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const mutation = budget ? update : create;
  const errorMessage = useErrorMessage();
  const problemMessage = useAmountProblemMessage();
  const [currency, setCurrency] = useState<Currency>(
    budget?.currency ?? (i18n.language.startsWith('pt') ? 'BRL' : 'USD'),
  );
  const taken = new Set(
    budgets
      .filter((item) => item.currency === currency && item.id !== budget?.id)
      .map((item) => item.categoryId),
  );
  const choices = budget
    ? categories.filter((category) => category.id === budget.categoryId)
    : categories.filter((category) => !taken.has(category.id));
  const [categoryId, setCategoryId] = useState<string>(budget?.categoryId ?? choices[0]?.id ?? '');
  const [amount, setAmount] = useState(
    budget ? formatAmountForInput(budget.amountMinor, budget.currency, i18n.language) : '',
  );
  const [problems, setProblems] = useState<{ amount?: string; category?: string }>({});
  const chosenCategory = choices.some((category) => category.id === categoryId)
    ? categoryId
    : (choices[0]?.id ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, currency, i18n.language);
    const next = {
      amount: checked.ok ? undefined : problemMessage(checked.problem, currency),
      category: chosenCategory === '' ? t('validation:required') : undefined,
    };
    setProblems(next);
    if (!checked.ok || next.category) return;
    const done = () => {
      toast({ title: budget ? t('budgets:form.saved') : t('budgets:form.created'), variant: 'success' });
      onDone();
    };
    if (budget) update.mutate({ id: budget.id, amountMinor: checked.amountMinor }, { onSuccess: done });
    else
      create.mutate(
        { month, categoryId: chosenCategory, currency, amountMinor: checked.amountMinor },
        { onSuccess: done },
      );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('budgets:form.forMonth', { month: monthLabel })}</p>
      {choices.length === 0 ? (
        <p role="status" className="text-sm">
          {t('budgets:form.allBudgeted')}
        </p>
      ) : (
        <Select
          label={t('budgets:form.category')}
          icon={Tags}
          value={chosenCategory}
          disabled={budget !== null}
          onChange={(event) => {
            setCategoryId(event.target.value);
            mutation.reset();
          }}
        >
          {choices.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryName(category)}
            </option>
          ))}
        </Select>
      )}
      {problems.category ? <FormAlert>{problems.category}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <AmountField
          label={t('budgets:form.amount')}
          hint={t('budgets:form.amountHint')}
          currency={currency}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setProblems((current) => ({ ...current, amount: undefined }));
            mutation.reset();
          }}
          error={problems.amount}
        />
        <CurrencySelect
          label={t('budgets:form.currency')}
          value={currency}
          disabled={budget !== null}
          onValueChange={(value) => {
            setCurrency(value);
            mutation.reset();
          }}
        />
      </div>
      {mutation.isError ? (
        <FormAlert>
          <p>{errorMessage(mutation.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('budgets:actions.cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending || choices.length === 0}>
          {budget ? t('budgets:actions.save') : t('budgets:actions.create')}
        </Button>
      </div>
    </form>
  );
}
