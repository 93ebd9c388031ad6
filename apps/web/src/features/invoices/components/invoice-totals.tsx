import type { InvoiceTotals } from '@ztart/shared/contracts/invoices';
import type { Currency } from '@ztart/shared/money';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';
import { separatorsOf } from '@/components/money/parse-amount-input';
import { taxRateText } from '@/features/invoices/invoice-draft';

/** Subtotal, tax at its rate and total, as a description list (a live region while editing). */
export function InvoiceTotalsList({
  totals,
  currency,
  taxRateBasisPoints,
  live = false,
}: {
  totals: InvoiceTotals;
  currency: Currency;
  taxRateBasisPoints: number;
  live?: boolean;
}) {
  const { t, i18n } = useTranslation('invoices');
  // The rate with the decimal mark of the person's language ("8,25" in French), from its text.
  const rate = taxRateText(taxRateBasisPoints).replace('.', separatorsOf(i18n.language).decimal);
  return (
    <dl
      data-testid="invoice-totals"
      aria-live={live ? 'polite' : undefined}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
    >
      <dt className="text-muted-foreground">{t('totals.subtotal')}</dt>
      <dd className="text-right tabular-nums">
        <Money amountMinor={totals.subtotalMinor} currency={currency} />
      </dd>
      <dt className="text-muted-foreground">{t('totals.tax', { rate })}</dt>
      <dd className="text-right tabular-nums">
        <Money amountMinor={totals.taxMinor} currency={currency} />
      </dd>
      <dt className="border-t pt-2 text-base font-semibold">{t('totals.total')}</dt>
      <dd
        data-testid="invoice-total"
        className="border-t pt-2 text-right text-base font-semibold tabular-nums"
      >
        <Money amountMinor={totals.totalMinor} currency={currency} />
      </dd>
    </dl>
  );
}
