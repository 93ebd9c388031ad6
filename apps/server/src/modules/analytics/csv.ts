import { ANALYTICS_CSV_COLUMNS, type Analytics } from '@ztart/shared/contracts/analytics';
import { counterpartyLabel, csvField, csvLine, minorToDecimalString } from '../transactions/csv.ts';

type CsvColumn = (typeof ANALYTICS_CSV_COLUMNS)[number];
type CsvRecord = Partial<Record<CsvColumn, string>>;

/** Columns that hold numbers we wrote ourselves, never a person's text. */
const NUMBER_COLUMNS: ReadonlySet<CsvColumn> = new Set(['income', 'expense', 'amount', 'count']);
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * A number is written as it is, so that a spreadsheet reads a net loss as -12.50 and not as the
 * text '-12.50 (which the formula guard would make of any cell starting with a minus).
 */
function csvCell(column: CsvColumn, value: string): string {
  if (!NUMBER_COLUMNS.has(column) || value === '') return csvField(value);
  if (!PLAIN_NUMBER.test(value)) throw new Error(`not a number in the ${column} column`);
  return value;
}

/**
 * The figures the analytics screen shows, as one CSV file (RFC 4180, UTF-8, amounts as decimal
 * strings): the period's totals, then each step's income and expenses, each step's tips, the
 * spending per category and the top people. The transactions export's field writer quotes and
 * defuses text a spreadsheet would run as a formula (a category or name starting with `=`).
 */
export function analyticsCsv(analytics: Analytics): string {
  const { currency, period, totals } = analytics;
  const amount = (minor: number) => minorToDecimalString(minor, currency);
  const records: CsvRecord[] = [
    {
      section: 'total',
      start: period.from,
      end: period.to,
      income: amount(totals.incomeMinor),
      expense: amount(totals.expenseMinor),
      amount: amount(totals.netMinor),
    },
    ...analytics.series.map((step) => ({
      section: 'series',
      start: step.start,
      end: step.end,
      income: amount(step.incomeMinor),
      expense: amount(step.expenseMinor),
      amount: amount(step.incomeMinor - step.expenseMinor),
    })),
    ...analytics.tips.map((step) => ({
      section: 'tips',
      start: step.start,
      end: step.end,
      amount: amount(step.amountMinor),
      count: String(step.count),
    })),
    ...analytics.byCategory.map((category) => ({
      section: 'category',
      start: period.from,
      end: period.to,
      // The person's own name, else the default's key; empty for expenses without a category.
      label: category.name ?? category.key ?? '',
      expense: amount(category.amountMinor),
      amount: amount(category.amountMinor),
      count: String(category.count),
    })),
    ...analytics.topCounterparties.map((person) => ({
      section: 'counterparty',
      start: period.from,
      end: period.to,
      label: counterpartyLabel(
        person.displayName === `@${person.ztartag}` ? null : person.displayName,
        person.ztartag,
      ),
      income: amount(person.incomeMinor),
      expense: amount(person.expenseMinor),
      amount: amount(person.incomeMinor + person.expenseMinor),
      count: String(person.count),
    })),
  ];
  return [
    csvLine(ANALYTICS_CSV_COLUMNS),
    ...records.map((record) => {
      const cells = ANALYTICS_CSV_COLUMNS.map((column) =>
        csvCell(column, column === 'currency' ? currency : (record[column] ?? '')),
      );
      return `${cells.join(',')}\r\n`;
    }),
  ].join('');
}

/** `ztart-analytics-USD-2026-11-01-to-2026-11-30.csv`. */
export function analyticsFileName(analytics: Analytics): string {
  return `ztart-analytics-${analytics.currency}-${analytics.period.from}-to-${analytics.period.to}.csv`;
}
