import {
  BUSINESS_TEXT_LIMITS,
  type Business,
  type UpdateBusinessRequest,
  updateBusinessRequestSchema,
} from '@ztart/shared/contracts/businesses';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { checkAmount } from '@/components/money/parse-amount-input';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateBusiness } from '@/features/business/api/businesses';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';

const DEFAULT_COLOR = '#0f766e';

/**
 * The business's settings: its branding on the tip page (colour, message), its tip-sharing policy
 * and the smallest tip it accepts. Only what changed is sent; fields the person may not change
 * are not shown.
 */
export function BusinessSettingsForm({ business }: { business: Business }) {
  const { t, i18n } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const amountProblem = useAmountProblemMessage();
  const update = useUpdateBusiness();
  const colorId = useId();
  const canBrand = business.myPermissions.includes('manageBranding');
  const canPolicies = business.myPermissions.includes('managePolicies');
  const [color, setColor] = useState(business.brandColor ?? '');
  const [message, setMessage] = useState(business.message ?? '');
  const [policies, setPolicies] = useState(business.policies ?? '');
  const [minimum, setMinimum] = useState(
    business.minimumTipMinor === null
      ? ''
      : formatAmountForInput(business.minimumTipMinor, business.currency, i18n.language),
  );
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  if (!canBrand && !canPolicies) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
    if (canBrand) {
      if (orNull(color) !== business.brandColor) changes.brandColor = orNull(color);
      if (orNull(message) !== business.message) changes.message = orNull(message);
    }
    if (canPolicies) {
      if (orNull(policies) !== business.policies) changes.policies = orNull(policies);
      if (minimum.trim() === '') {
        if (business.minimumTipMinor !== null) changes.minimumTipMinor = null;
      } else {
        // The schema's cap, checked here to say it with the amount in the person's language.
        const check = checkAmount(minimum, business.currency, i18n.language, {
          maxMinor: AMOUNT_LIMITS.quickTipMaxMinor,
        });
        if (!check.ok) {
          setProblem({ field: 'minimumTipMinor', message: amountProblem(check.problem, business.currency) });
          return;
        }
        if (check.amountMinor !== business.minimumTipMinor) changes.minimumTipMinor = check.amountMinor;
      }
    }
    if (Object.keys(changes).length === 0) {
      toast({ title: t('settings.nothingChanged') });
      return;
    }
    const parsed = validate<UpdateBusinessRequest>(updateBusinessRequestSchema, changes);
    if (!parsed.success) {
      const [field, key] = Object.entries(parsed.errors)[0] ?? ['', 'validation:invalid_value'];
      setProblem({ field, message: fieldMessage(key) ?? '' });
      return;
    }
    setProblem(null);
    update.mutate(
      { id: business.id, changes: parsed.data },
      { onSuccess: () => toast({ title: t('settings.saved'), variant: 'success' }) },
    );
  };

  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-xl border bg-card p-4">
      {canBrand ? (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={colorId} className="text-sm font-medium">
              {t('settings.color')}
            </label>
            <div className="flex items-center gap-3">
              <input
                id={colorId}
                type="color"
                value={color || DEFAULT_COLOR}
                onChange={(event) => setColor(event.target.value)}
                className="h-11 w-16 cursor-pointer rounded-lg border border-input bg-card p-1"
              />
              <span className="font-mono text-sm text-muted-foreground">
                {color || t('settings.noColor')}
              </span>
              {color ? (
                <Button variant="ghost" onClick={() => setColor('')}>
                  {t('settings.clearColor')}
                </Button>
              ) : null}
            </div>
            {errorOf('brandColor') ? (
              <p className="text-sm text-destructive">{errorOf('brandColor')}</p>
            ) : null}
          </div>
          <TextAreaField
            label={t('settings.message')}
            hint={t('settings.messageHint')}
            value={message}
            maxLength={BUSINESS_TEXT_LIMITS.message}
            rows={2}
            error={errorOf('message')}
            onChange={(event) => setMessage(event.target.value)}
          />
        </>
      ) : null}
      {canPolicies ? (
        <>
          <TextAreaField
            label={t('settings.policies')}
            hint={t('settings.policiesHint')}
            value={policies}
            maxLength={BUSINESS_TEXT_LIMITS.policies}
            rows={4}
            error={errorOf('policies')}
            onChange={(event) => setPolicies(event.target.value)}
          />
          <AmountField
            label={t('settings.minimumTip')}
            hint={t('settings.minimumTipHint')}
            currency={business.currency}
            value={minimum}
            error={errorOf('minimumTipMinor')}
            onValueChange={(value) => {
              setMinimum(value);
              setProblem(null);
            }}
          />
        </>
      ) : null}
      {update.isError ? <BusinessProblem error={update.error} /> : null}
      {problem && !['brandColor', 'message', 'policies', 'minimumTipMinor'].includes(problem.field) ? (
        <FormAlert>
          <p>{problem.message}</p>
        </FormAlert>
      ) : null}
      <Button type="submit" size="lg" className="self-start" disabled={update.isPending}>
        {update.isPending ? t('settings.saving') : t('settings.save')}
      </Button>
    </form>
  );
}
