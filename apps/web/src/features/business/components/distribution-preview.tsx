import type { Distribution } from '@ztart/shared/contracts/businesses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { basisPointsToPercentText } from '@/features/business/components/distribution-input';
import { memberName } from '@/features/business/components/member-name';

/** How a member's weight reads under a rule: "50 %", "7.5 h", or nothing for equal shares. */
function useWeightText() {
  const { t } = useTranslation('business');
  return (rule: Distribution['rule'], weight: number): string | null => {
    if (rule === 'percentages')
      return t('distribute.weightPercent', { percent: basisPointsToPercentText(weight) });
    if (rule === 'hours') {
      const hours = Math.floor(weight / 60);
      const minutes = weight % 60;
      return t('distribute.weightHours', { hours, minutes: String(minutes).padStart(2, '0') });
    }
    return null;
  };
}

/**
 * Each member's share of a distribution, as the server computed it (a preview moves nothing), and
 * the total, which is exactly the amount distributed.
 */
export function DistributionPreview({ distribution }: { distribution: Distribution }) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  const weightText = useWeightText();
  const captionId = useId();
  const totalMinor = distribution.items.reduce((sum, item) => sum + item.amountMinor, 0);
  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-2" data-testid="distribution-preview">
      <figcaption id={captionId} className="text-sm font-medium text-muted-foreground">
        {t(`distribute.previewCaption.${distribution.rule}`)}
      </figcaption>
      <ul className="flex flex-col divide-y rounded-xl border bg-muted/30">
        {distribution.items.map((item) => {
          const weight = weightText(distribution.rule, item.weight);
          return (
            <li
              key={item.userId}
              data-testid="distribution-share"
              className="flex items-center justify-between gap-4 px-4 py-3"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{memberName(item, t('team.unnamed'))}</span>
                {weight ? <span className="text-sm text-muted-foreground">{weight}</span> : null}
              </span>
              <span className="font-semibold tabular-nums">
                {format(item.amountMinor, distribution.currency)}
              </span>
            </li>
          );
        })}
        <li className="flex items-center justify-between gap-4 px-4 py-3">
          <span className="text-sm text-muted-foreground">{t('distribute.total')}</span>
          <span className="font-semibold tabular-nums" data-testid="distribution-total">
            {format(totalMinor, distribution.currency)}
          </span>
        </li>
      </ul>
    </figure>
  );
}
