import type { Invoice } from '@ztart/shared/contracts/invoices';
import type { Language } from '@ztart/shared/languages';
import { formatMoney } from '@ztart/shared/money';
import PDFDocument from 'pdfkit';
import { CATALOGUES } from '../../integrations/messages/render.ts';
import { formatCalendarDate } from './service.ts';

/**
 * The standard PDF fonts (Helvetica) know the Windows-1252 characters only; anything else that
 * people typed (an emoji, another script) would print as garbage, so it becomes "?". Intl's narrow
 * no-break space (French amounts) becomes an ordinary no-break space, which those fonts have.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  return Array.from(text.replaceAll('\u202f', '\u00a0'), (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return char;
    return WIN_ANSI_EXTRAS.includes(char) ? char : '?';
  }).join('');
}

/** A tax rate in basis points as a percentage of the language: 2100 → "21 %", 1050 → "10,5 %". */
export function formatTaxRate(basisPoints: number, language: Language): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = basisPoints % 100;
  const decimals = hundredths === 0 ? '' : String(hundredths).padStart(2, '0').replace(/0$/, '');
  const separator = language === 'en' ? '.' : ',';
  const number = decimals ? `${whole}${separator}${decimals}` : `${whole}`;
  return language === 'en' || language === 'pt' ? `${number}%` : `${number}\u00a0%`;
}

export interface InvoicePdfInput {
  invoice: Invoice;
  /** "María Pérez (@maria_waits)". */
  issuer: string;
  language: Language;
}

const PAGE_MARGIN = 50;
const COLUMNS = { description: 50, quantity: 300, unitPrice: 350, amount: 450, end: 545 } as const;

/** The invoice as a one-document PDF (A4) in the issuer's language, amounts formatted for it. */
export function renderInvoicePdf({ invoice, issuer, language }: InvoicePdfInput): Promise<Buffer> {
  const labels = CATALOGUES[language].invoicePdf;
  const money = (minor: number) => printable(formatMoney(minor, invoice.currency, language));
  const date = (day: string) => printable(formatCalendarDate(day, language));
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `${labels.title} ${invoice.number}`, Author: printable(issuer), Producer: 'Ztart Tips' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text(`${labels.title} ${invoice.number}`);
  doc.font('Helvetica').fontSize(11).fillColor('#475569').text(labels.status[invoice.status]);
  doc.moveDown();
  doc.fillColor('#0f172a');
  const detail = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(printable(value));
  };
  detail(labels.from, issuer);
  detail(labels.billedTo, `${invoice.customerName} <${invoice.customerEmail}>`);
  detail(labels.issueDate, date(invoice.issueDate));
  detail(labels.dueDate, date(invoice.dueDate));
  doc.moveDown();

  type Cells = [string, string, string, string];
  const cellsAt = [
    { x: COLUMNS.description, width: COLUMNS.quantity - COLUMNS.description - 10, align: 'left' },
    { x: COLUMNS.quantity, width: COLUMNS.unitPrice - COLUMNS.quantity - 10, align: 'right' },
    { x: COLUMNS.unitPrice, width: COLUMNS.amount - COLUMNS.unitPrice - 10, align: 'right' },
    { x: COLUMNS.amount, width: COLUMNS.end - COLUMNS.amount, align: 'right' },
  ] as const;
  const drawRow = (cells: Cells, bold: boolean) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    cells.forEach((cell, index) => {
      const { x, width, align } = cellsAt[index] as (typeof cellsAt)[number];
      doc.text(printable(cell), x, y, { width, align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
    doc.x = PAGE_MARGIN;
  };
  const header: Cells = [labels.description, labels.quantity, labels.unitPrice, labels.amount];
  const drawHeader = () => {
    drawRow(header, true);
    doc.moveTo(PAGE_MARGIN, doc.y).lineTo(COLUMNS.end, doc.y).strokeColor('#cbd5e1').stroke();
    doc.y += 4;
  };
  /**
   * One row, its cells side by side: when the tallest cell would not fit above the bottom margin,
   * the row starts a new page (with the column headings again when `repeatHeader`), so no cell of
   * it lands on another page than the others.
   */
  const row = (cells: Cells, bold = false, repeatHeader = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const height = Math.max(
      ...cells.map((cell, index) =>
        doc.heightOfString(printable(cell) || ' ', {
          width: (cellsAt[index] as (typeof cellsAt)[number]).width,
        }),
      ),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (repeatHeader) drawHeader();
    }
    drawRow(cells, bold);
  };
  drawHeader();
  const quantity = new Intl.NumberFormat(language);
  for (const line of invoice.lines) {
    row(
      [
        line.description,
        printable(quantity.format(line.quantity)),
        money(line.unitPriceMinor),
        money(line.amountMinor),
      ],
      false,
      true,
    );
  }
  doc.moveTo(PAGE_MARGIN, doc.y).lineTo(COLUMNS.end, doc.y).strokeColor('#cbd5e1').stroke();
  doc.y += 6;
  row(['', '', labels.subtotal, money(invoice.subtotalMinor)]);
  row([
    '',
    '',
    printable(labels.tax(formatTaxRate(invoice.taxRateBasisPoints, language))),
    money(invoice.taxMinor),
  ]);
  row(['', '', labels.total, money(invoice.totalMinor)], true);

  if (invoice.notes) {
    doc.moveDown();
    doc.font('Helvetica-Bold').text(labels.notes);
    doc.font('Helvetica').text(printable(invoice.notes));
  }
  if (invoice.payUrl && (invoice.status === 'sent' || invoice.status === 'overdue')) {
    doc.moveDown();
    doc.font('Helvetica-Bold').text(labels.payOnline, { continued: true });
    doc.font('Helvetica').fillColor('#0f766e').text(` ${invoice.payUrl}`, { link: invoice.payUrl });
  }
  doc.end();
  return done;
}
