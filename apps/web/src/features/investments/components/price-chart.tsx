import type { PriceHistoryResponse } from '@ztart/shared/contracts/investments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { formatDay } from '@/features/investments/dates';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 4;

/**
 * A small line chart of daily simulated prices: an SVG path, no chart library (the screen stays
 * light). Screen readers get the summary (first and last price, lowest and highest) and a table
 * of every day; the picture itself is hidden from them.
 */
export function PriceChart({ history }: { history: PriceHistoryResponse }) {
  const { t, i18n } = useTranslation('investments');
  const format = useFormatMoney();
  const tableId = useId();
  const prices = history.prices;
  const first = prices[0];
  const last = prices.at(-1);
  if (!first || !last) return null;
  const values = prices.map((point) => point.priceMinor);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, 1);
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(prices.length - 1, 1);
  const y = (value: number) => HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / span;
  const line = prices
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.priceMinor)}`)
    .join(' ');
  const rising = last.priceMinor >= first.priceMinor;
  const summary = t('chart.summary', {
    days: prices.length,
    first: format(first.priceMinor, history.currency),
    last: format(last.priceMinor, history.currency),
    low: format(low, history.currency),
    high: format(high, history.currency),
  });
  return (
    <figure className="flex flex-col gap-2" data-testid="price-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-32 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d={`${line} L${x(prices.length - 1)},${HEIGHT - PAD} L${x(0)},${HEIGHT - PAD} Z`}
          className={rising ? 'fill-emerald-500/10' : 'fill-muted-foreground/10'}
        />
        <path
          d={line}
          fill="none"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className={rising ? 'stroke-emerald-600 dark:stroke-emerald-400' : 'stroke-muted-foreground'}
        />
      </svg>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm text-muted-foreground underline-offset-4 hover:underline">
          {t('chart.showTable')}
        </summary>
        <div className="max-h-48 overflow-y-auto">
          <table id={tableId} className="mt-2 w-full text-left tabular-nums">
            <caption className="sr-only">{t('chart.tableCaption', { symbol: history.symbol })}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {t('chart.day')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('chart.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...prices].reverse().map((point) => (
                <tr key={point.date} className="border-t">
                  <td className="py-1">{formatDay(point.date, i18n.language)}</td>
                  <td className="py-1 text-right">{format(point.priceMinor, history.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
