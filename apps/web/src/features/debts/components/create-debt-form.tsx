import type { Contact } from '@ztart/shared/contracts/contacts';
import { type CreateDebtRequest, DEBT_NAME_MAX, type DebtDirection } from '@ztart/shared/contracts/debts';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { CurrencySelect } from '@/components/money/currency-select';
import { checkAmount } from '@/components/money/parse-amount-input';
import { useRecipientLookup } from '@/components/recipient/api/get-recipient';
import { RecipientField } from '@/components/recipient/recipient-field';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { useCreateDebt } from '@/features/debts/api/debts';
import { ChoiceGroup } from '@/features/debts/components/choice-group';
import { useErrorMessage } from '@/hooks/use-error-message';

type PersonKind = 'user' | 'name';

interface Draft {
  kind: PersonKind;
  person: string;
  name: string;
  direction: DebtDirection;
  amount: string;
  currency: Currency;
  note: string;
  dueDate: string;
}

type Problems = Partial<Record<'person' | 'name' | 'amount' | 'note' | 'dueDate', string>>;

/** Who the form starts with: a contact on Ztart Tips by their ztartag, anyone else by their nickname. */
function personOf(contact: Contact | null): Pick<Draft, 'kind' | 'person' | 'name'> {
  const ztartag = contact?.person?.ztartag;
  if (ztartag) return { kind: 'user', person: `@${ztartag}`, name: '' };
  if (contact) return { kind: 'name', person: '', name: contact.nickname.slice(0, DEBT_NAME_MAX) };
  return { kind: 'user', person: '', name: '' };
}

/**
 * Records a debt with someone on Ztart Tips (found as a transfer's recipient is: ztartag, email or
 * phone, who then confirms it) or with someone else by name. From a contact, it starts with that
 * person and keeps the debt with the contact.
 */
export function CreateDebtForm({
  initialDirection,
  contact,
  onDone,
}: {
  initialDirection: DebtDirection;
  contact: Contact | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['debts', 'validation', 'wallet']);
  const create = useCreateDebt();
  const errorMessage = useErrorMessage();
  const problemMessage = useAmountProblemMessage();
  const [draft, setDraft] = useState<Draft>({
    ...personOf(contact),
    direction: initialDirection,
    amount: '',
    currency: i18n.language.startsWith('pt') ? 'BRL' : 'USD',
    note: '',
    dueDate: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const lookup = useRecipientLookup(draft.kind === 'user' ? draft.person : '');
  const recipient = lookup.settled && lookup.isSuccess ? lookup.data : null;
  const lookupError = lookup.settled && lookup.isError ? lookup.error : null;

  const change = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    create.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = checkAmount(draft.amount, draft.currency, i18n.language);
    const note = draft.note.trim();
    const name = draft.name.trim();
    const next: Problems = {
      person:
        draft.kind !== 'user'
          ? undefined
          : draft.person.trim() === ''
            ? t('validation:required')
            : lookupError
              ? errorMessage(lookupError)
              : !recipient
                ? t('wallet:send.stillLooking')
                : undefined,
      name:
        draft.kind !== 'name'
          ? undefined
          : name === ''
            ? t('validation:required')
            : name.length > DEBT_NAME_MAX
              ? t('validation:maxLength', { max: DEBT_NAME_MAX })
              : undefined,
      amount: amount.ok ? undefined : problemMessage(amount.problem, draft.currency),
      note: note.length > TEXT_LIMITS.note ? t('validation:noteMax') : undefined,
      dueDate:
        draft.dueDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate) ? t('validation:date') : undefined,
    };
    setProblems(next);
    if (Object.values(next).some(Boolean) || !amount.ok) return;
    const body: CreateDebtRequest = {
      direction: draft.direction,
      ...(draft.kind === 'user' ? { counterpartyUser: draft.person.trim() } : { counterpartyName: name }),
      ...(contact ? { contactId: contact.id } : {}),
      amountMinor: amount.amountMinor,
      currency: draft.currency,
      ...(note ? { note } : {}),
      ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
    };
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: t('debts:form.recorded'), variant: 'success' });
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ChoiceGroup
        legend={t('debts:form.personKind')}
        value={draft.kind}
        onValueChange={(kind) => change('kind', kind)}
        choices={[
          { value: 'user', label: t('debts:form.kindUser'), hint: t('debts:form.kindUserHint') },
          { value: 'name', label: t('debts:form.kindName'), hint: t('debts:form.kindNameHint') },
        ]}
      />
      {draft.kind === 'user' ? (
        <RecipientField
          value={draft.person}
          onValueChange={(value) => change('person', value)}
          lookup={{
            searching: draft.person.trim() !== '' && !lookup.settled,
            recipient,
            error: lookupError,
          }}
          error={problems.person}
        />
      ) : (
        <TextField
          label={t('debts:form.name')}
          name="name"
          autoComplete="off"
          maxLength={DEBT_NAME_MAX}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          error={problems.name}
        />
      )}
      <ChoiceGroup
        legend={t('debts:form.direction')}
        value={draft.direction}
        onValueChange={(direction) => change('direction', direction)}
        choices={[
          { value: 'owed_to_me', label: t('debts:form.directionOwedToMe') },
          { value: 'i_owe', label: t('debts:form.directionIOwe') },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <AmountField
          label={t('debts:form.amount')}
          currency={draft.currency}
          value={draft.amount}
          onValueChange={(value) => change('amount', value)}
          error={problems.amount}
        />
        <CurrencySelect
          label={t('debts:form.currency')}
          value={draft.currency}
          onValueChange={(currency) => change('currency', currency)}
        />
      </div>
      <TextAreaField
        label={t('debts:form.note')}
        hint={t('debts:form.noteHint', { count: TEXT_LIMITS.note - draft.note.length })}
        name="note"
        maxLength={TEXT_LIMITS.note}
        rows={2}
        value={draft.note}
        onChange={(event) => change('note', event.target.value)}
        error={problems.note}
      />
      <TextField
        label={t('debts:form.dueDate')}
        hint={t('debts:form.dueDateHint')}
        name="dueDate"
        type="date"
        value={draft.dueDate}
        onChange={(event) => change('dueDate', event.target.value)}
        error={problems.dueDate}
      />
      {draft.kind === 'user' ? (
        <p className="text-sm text-muted-foreground">{t('debts:form.confirmNote')}</p>
      ) : null}
      {create.isError ? (
        <FormAlert>
          <p>{errorMessage(create.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1" disabled={create.isPending}>
          {create.isPending ? t('debts:form.saving') : t('debts:form.submit')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onDone} disabled={create.isPending}>
          {t('debts:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
