import { businessLimitDetailsSchema } from '@ztart/shared/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { PLANS_PATH } from '@/features/business/components/plans-panel';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

/** Whether an error is one a higher plan would solve: the level missing, or a plan's limit reached. */
function needsUpgrade(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'business_level_required') return true;
  if (error.code !== 'limit_exceeded') return false;
  // The webhook and API key limits are the same on every plan: no plan lifts them.
  const limit = businessLimitDetailsSchema.safeParse(error.details);
  return !limit.success || (limit.data.limit !== 'webhooks' && limit.data.limit !== 'apiKeys');
}

/**
 * A business action's refusal in words: the catalogue's message, a plan limit with its figure
 * ("Your plan allows 5 team members"), and a link to the plans when a higher plan would help.
 */
export function BusinessProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const limit =
    error instanceof ApiError && error.code === 'limit_exceeded'
      ? businessLimitDetailsSchema.safeParse(error.details)
      : null;
  return (
    <FormAlert>
      <div className="flex flex-col gap-1">
        <p>
          {limit?.success ? t(`limits.${limit.data.limit}`, { count: limit.data.max }) : errorMessage(error)}
        </p>
        {needsUpgrade(error) ? (
          <Link to={PLANS_PATH} className="font-medium underline underline-offset-4">
            {t('plans.seePlans')}
          </Link>
        ) : null}
      </div>
    </FormAlert>
  );
}
