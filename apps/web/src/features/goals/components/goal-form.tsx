import type { CreateGoalRequest, Goal, UpdateGoalRequest } from '@ztart/shared/contracts/goals';
import { GOAL_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { CurrencySelect } from '@/components/money/currency-select';
import { checkAmount } from '@/components/money/parse-amount-input';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { imageFileProblem } from '@/components/ui/image-file';
import { ImageFileField } from '@/components/ui/image-file-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useCreateGoal, useGoalPicture, useUpdateGoal } from '@/features/goals/api/goals';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useObjectUrl } from '@/hooks/use-object-url';
import { localToday } from '@/lib/calendar-date';

type Problems = Partial<Record<'name' | 'target' | 'date' | 'picture', string>>;

/**
 * Creates a goal, or edits one (its currency then stays: the money in it is in that currency).
 * The picture is sent once the goal is saved; a picture refused after that leaves the goal saved
 * and says so.
 */
export function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const { t, i18n } = useTranslation(['goals', 'validation']);
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const picture = useGoalPicture();
  const errorMessage = useErrorMessage();
  const problemMessage = useAmountProblemMessage();
  const pictureRef = useRef<HTMLInputElement>(null);
  const pictureId = useId();
  const [name, setName] = useState(goal?.name ?? '');
  const [target, setTarget] = useState(() =>
    goal ? formatAmountForInput(goal.targetMinor, goal.currency, i18n.language) : '',
  );
  const [currency, setCurrency] = useState<Currency>(
    goal?.currency ?? (i18n.language.startsWith('pt') ? 'BRL' : 'USD'),
  );
  const [date, setDate] = useState(goal?.targetDate ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<unknown>(null);
  const preview = useObjectUrl(file);
  const pending = create.isPending || update.isPending || picture.isPending;
  const today = localToday();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const amount = checkAmount(target, currency, i18n.language, { maxMinor: GOAL_LIMITS.targetMaxMinor });
    const next: Problems = {
      name:
        trimmed === ''
          ? t('validation:required')
          : trimmed.length > GOAL_LIMITS.nameMax
            ? t('validation:maxLength', { max: GOAL_LIMITS.nameMax })
            : undefined,
      target: amount.ok ? undefined : problemMessage(amount.problem, currency),
      date:
        date === '' || date === goal?.targetDate
          ? undefined
          : !/^\d{4}-\d{2}-\d{2}$/.test(date)
            ? t('validation:date')
            : date < today
              ? t('goals:form.dateInPast')
              : undefined,
      picture: file ? (imageFileProblem(file) ?? undefined) : undefined,
    };
    setProblems(next);
    if (Object.values(next).some(Boolean) || !amount.ok) return;
    setFailure(null);
    try {
      let saved: Goal;
      if (goal) {
        const changes: UpdateGoalRequest = {
          name: trimmed,
          targetMinor: amount.amountMinor,
          targetDate: date === '' ? null : date,
        };
        saved = await update.mutateAsync({ id: goal.id, changes });
      } else {
        const body: CreateGoalRequest = {
          name: trimmed,
          targetMinor: amount.amountMinor,
          currency,
          ...(date ? { targetDate: date } : {}),
        };
        saved = await create.mutateAsync(body);
      }
      try {
        if (file) await picture.mutateAsync({ id: saved.id, image: file });
        else if (removePicture && goal?.pictureUrl) await picture.mutateAsync({ id: saved.id, image: null });
      } catch (error) {
        toast({
          title: t('goals:form.pictureFailed'),
          description: errorMessage(error),
          variant: 'destructive',
        });
      }
      toast({ title: goal ? t('goals:form.saved') : t('goals:form.created'), variant: 'success' });
      onDone();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('goals:form.name')}
        placeholder={t('goals:form.namePlaceholder')}
        value={name}
        maxLength={GOAL_LIMITS.nameMax}
        autoComplete="off"
        error={problems.name}
        onChange={(event) => {
          setName(event.target.value);
          setProblems((current) => ({ ...current, name: undefined }));
        }}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto]">
        <AmountField
          label={t('goals:form.target')}
          currency={currency}
          value={target}
          error={problems.target}
          onValueChange={(value) => {
            setTarget(value);
            setProblems((current) => ({ ...current, target: undefined }));
          }}
        />
        {goal ? (
          <p className="self-end text-sm text-muted-foreground sm:max-w-40">
            {t('goals:form.currencyFixed')}
          </p>
        ) : (
          <CurrencySelect label={t('goals:form.currency')} value={currency} onValueChange={setCurrency} />
        )}
      </div>
      <TextField
        type="date"
        label={t('goals:form.date')}
        hint={t('goals:form.dateHint')}
        value={date}
        min={today}
        error={problems.date}
        onChange={(event) => {
          setDate(event.target.value);
          setProblems((current) => ({ ...current, date: undefined }));
        }}
      />
      <ImageFileField
        id={pictureId}
        inputRef={pictureRef}
        label={t('goals:form.picture')}
        hint={t('goals:form.pictureHint')}
        error={problems.picture ? errorMessage(problems.picture) : undefined}
        onChoose={(next) => {
          setFile(next);
          setProblems((current) => ({
            ...current,
            picture: next ? (imageFileProblem(next) ?? undefined) : undefined,
          }));
        }}
      />
      {preview ? (
        <img src={preview} alt="" className="max-h-40 w-full rounded-lg bg-muted object-contain" />
      ) : null}
      {goal?.pictureUrl && !file ? (
        <CheckboxField
          label={t('goals:form.removePicture')}
          checked={removePicture}
          onChange={(event) => setRemovePicture(event.target.checked)}
        />
      ) : null}
      {failure ? (
        <FormAlert>
          <p>{errorMessage(failure)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1" disabled={pending}>
          {pending ? t('goals:form.saving') : goal ? t('goals:actions.save') : t('goals:actions.create')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onDone} disabled={pending}>
          {t('goals:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
