import type { InvoiceLine } from '@ztart/shared/contracts/invoices';
import type { Currency } from '@ztart/shared/money';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';

/** The lines as a table: what, how many, at what price, and the line's amount; the totals under it. */
export function InvoiceLinesTable({
  lines,
  currency,
}: {
  lines: readonly InvoiceLine[];
  currency: Currency;
}) {
  const { t } = useTranslation('invoices');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="invoice-lines">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('detail.line')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t('detail.quantity')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t('detail.unitPrice')}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              {t('detail.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            // Lines have no id of their own: their order is what identifies them.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="border-b align-top">
              <td className="py-2 pr-2 break-words">{line.description}</td>
              <td className="px-2 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="px-2 py-2 text-right">
                <Money amountMinor={line.unitPriceMinor} currency={currency} />
              </td>
              <td className="py-2 pl-2 text-right">
                <Money amountMinor={line.amountMinor} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
