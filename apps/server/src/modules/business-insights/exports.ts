import { FINANCIALS_CSV_COLUMNS, type FinancialEntryKind } from '@ztart/shared/contracts/business-insights';
import type { Language } from '@ztart/shared/languages';
import { type Currency, formatMoney } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { completedAtOf, inPeriod } from '../analytics/periods.ts';
import type { BusinessRow } from '../businesses/tables.ts';
import { printable } from '../invoices/pdf.ts';
import { formatCalendarDate } from '../invoices/service.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { tips } from '../tips/tables.ts';
import { csvField, csvLine, minorToDecimalString } from '../transactions/csv.ts';
import { transactions } from '../transactions/tables.ts';
import { FINANCIALS_PDF_LABELS } from './financials-labels.ts';
import { type BusinessPeriod, distributionIdsOf } from './insights.ts';

/** One completed movement of the business's wallet: money in above zero, money out below. */
export interface FinancialEntry {
  transactionId: string;
  /** The person's day it completed on. */
  date: string;
  kind: FinancialEntryKind;
  amountMinor: number;
  currency: Currency;
  counterparty: string;
  qrCode: string;
  note: string;
}

interface EntryRow extends Record<string, unknown> {
  id: string;
  day: string;
  type: string;
  kind: string;
  amount: string;
  currency: string;
  counterparty_ztartag: string | null;
  counterparty_name: string | null;
  note: string | null;
  distribution: boolean;
  qr_title: string | null;
}

function kindOf(row: EntryRow): FinancialEntryKind {
  if (row.kind === 'tip_in') return 'tip';
  if (row.distribution && row.type === 'expense') return 'distribution';
  return row.type === 'income' ? 'transfer_in' : 'transfer_out';
}

/**
 * The business's tips, distributions and transfers completed in the period, oldest first: its own
 * account's completed transactions (each one a ledger movement), a tip with the QR code it came
 * through, a distribution's legs told apart from other transfers by their group.
 */
export async function financialEntries(
  db: AppDatabase,
  business: BusinessRow,
  period: BusinessPeriod,
): Promise<FinancialEntry[]> {
  const at = completedAtOf(transactions.settledAt, transactions.createdAt);
  const rows = await queryRows<EntryRow>(
    db,
    sql`SELECT ${transactions.id}::text AS id,
        (${at} AT TIME ZONE ${period.timeZone}::text)::date::text AS day,
        ${transactions.type} AS type, ${transactions.kind} AS kind,
        ${transactions.amountMinor}::text AS amount, ${transactions.currency} AS currency,
        ${transactions.counterpartyZtartag} AS counterparty_ztartag,
        ${transactions.counterpartyName} AS counterparty_name, ${transactions.note} AS note,
        ${transactions.groupId} IN ${distributionIdsOf(business)} AS distribution,
        (SELECT ${qrCodes.title} FROM ${tips} INNER JOIN ${qrCodes} ON ${qrCodes.id} = ${tips.qrCodeId}
          WHERE ${tips.groupId} = ${transactions.groupId} AND ${tips.receiverId} = ${business.accountId}::uuid
          LIMIT 1) AS qr_title
      FROM ${transactions}
      WHERE ${transactions.userId} = ${business.accountId}::uuid
        AND ${transactions.status} = 'completed'
        AND ${inPeriod(at, period)}
      ORDER BY ${at} ASC, ${transactions.id} ASC`,
  );
  return rows.map((row) => {
    const amount = wholeNumber(row.amount);
    const name = row.counterparty_name ?? '';
    const tag = row.counterparty_ztartag ? `@${row.counterparty_ztartag}` : '';
    return {
      transactionId: row.id,
      date: row.day,
      kind: kindOf(row),
      amountMinor: row.type === 'expense' ? -amount : amount,
      currency: row.currency as Currency,
      counterparty: name && tag && name !== row.counterparty_ztartag ? `${name} (${tag})` : name || tag,
      qrCode: row.qr_title ?? '',
      note: row.note ?? '',
    };
  });
}

/** The entries as CSV (RFC 4180, UTF-8, amounts as signed decimal strings, text defused). */
export function financialsCsv(entries: readonly FinancialEntry[]): string {
  let csv = csvLine(FINANCIALS_CSV_COLUMNS);
  for (const entry of entries) {
    const amount = minorToDecimalString(entry.amountMinor, entry.currency);
    csv += [
      entry.date,
      entry.kind,
      // A number as it is: the formula guard would make text of a negative amount.
      amount,
      entry.currency,
      entry.counterparty,
      entry.qrCode,
      entry.note,
      entry.transactionId,
    ]
      .map((field, index) => (index === 2 ? field : csvField(field)))
      .join(',');
    csv += '\r\n';
  }
  return csv;
}

export function financialsFileName(period: BusinessPeriod, extension: 'csv' | 'pdf'): string {
  return `ztart-financials-${period.from}-${period.to}.${extension}`;
}

/** Sums per kind and currency, in integers. */
function totalsOf(entries: readonly FinancialEntry[]) {
  const totals = new Map<Currency, Map<FinancialEntryKind, number>>();
  for (const entry of entries) {
    const byKind = totals.get(entry.currency) ?? new Map<FinancialEntryKind, number>();
    byKind.set(entry.kind, (byKind.get(entry.kind) ?? 0) + entry.amountMinor);
    totals.set(entry.currency, byKind);
  }
  return totals;
}

const PAGE_MARGIN = 50;
const COLUMNS = { date: 50, kind: 150, counterparty: 270, amount: 445, end: 545 } as const;

/** The statement as a PDF (A4) in `language`: the business, the period, totals, then every entry. */
export function renderFinancialsPdf(input: {
  business: BusinessRow;
  period: BusinessPeriod;
  entries: readonly FinancialEntry[];
  language: Language;
  today: string;
}): Promise<Buffer> {
  const { business, period, entries, language } = input;
  const labels = FINANCIALS_PDF_LABELS[language];
  const money = (minor: number, currency: Currency) => printable(formatMoney(minor, currency, language));
  const date = (day: string) => printable(formatCalendarDate(day, language));
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `${labels.title} ${printable(business.name)}`, Producer: 'Ztart Tips' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#0f172a').text(labels.title);
  doc.moveDown(0.5);
  doc.fontSize(11);
  const detail = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(printable(value));
  detail(labels.business, business.name);
  detail(labels.period, `${date(period.from)} – ${date(period.to)}`);
  detail(labels.generated, date(input.today));
  doc.moveDown();

  type Cells = [string, string, string, string];
  const cellsAt = [
    { x: COLUMNS.date, width: COLUMNS.kind - COLUMNS.date - 10, align: 'left' },
    { x: COLUMNS.kind, width: COLUMNS.counterparty - COLUMNS.kind - 10, align: 'left' },
    { x: COLUMNS.counterparty, width: COLUMNS.amount - COLUMNS.counterparty - 10, align: 'left' },
    { x: COLUMNS.amount, width: COLUMNS.end - COLUMNS.amount, align: 'right' },
  ] as const;
  const row = (cells: Cells, bold = false, header?: Cells) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(
      ...cells.map((cell, index) =>
        doc.heightOfString(printable(cell) || ' ', {
          width: (cellsAt[index] as (typeof cellsAt)[number]).width,
        }),
      ),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (header) row(header, true);
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    }
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, index) => {
      const { x, width, align } = cellsAt[index] as (typeof cellsAt)[number];
      doc.text(printable(cell), x, y, { width, align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
    doc.x = PAGE_MARGIN;
  };

  doc.font('Helvetica-Bold').fontSize(14).text(labels.totals);
  doc.moveDown(0.3);
  const totals = totalsOf(entries);
  if (totals.size === 0) {
    doc.font('Helvetica').fontSize(11).text(labels.none);
  }
  for (const [currency, byKind] of totals) {
    let net = 0;
    for (const [kind, sum] of byKind) {
      net += sum;
      row(['', labels.kinds[kind], currency, money(sum, currency)]);
    }
    row(['', labels.net, currency, money(net, currency)], true);
  }
  doc.moveDown();
  if (entries.length > 0) {
    const header: Cells = [labels.date, labels.kind, labels.counterparty, labels.amount];
    row(header, true);
    for (const entry of entries) {
      const who = [entry.counterparty, entry.qrCode].filter(Boolean).join(' · ');
      row(
        [date(entry.date), labels.kinds[entry.kind], who, money(entry.amountMinor, entry.currency)],
        false,
        header,
      );
    }
  }
  doc.end();
  return done;
}
