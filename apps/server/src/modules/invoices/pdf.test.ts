import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Invoice } from '@ztart/shared/contracts/invoices';
import { INVOICE_LIMITS } from '@ztart/shared/limits';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './pdf.ts';

/** The text of each page of a PDF, laid out as printed (pdftotext). */
function pagesOf(pdf: Buffer): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
  try {
    const file = join(folder, 'invoice.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((page) => page.trim() !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const label = (index: number) => String(index + 1).padStart(2, '0');

function invoiceWithLines(count: number): Invoice {
  const lines = Array.from({ length: count }, (_, index) => ({
    // Long enough to wrap over several printed lines, so that rows meet the page's end.
    description: `Item ${label(index)} ${'careful work on the design and its review '.repeat(3)}end-${label(index)}`,
    quantity: 1,
    unitPriceMinor: 10_000 + index + 1,
    amountMinor: 10_000 + index + 1,
  }));
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 'INV-2026-0001',
    status: 'sent',
    customerName: 'Grace Hopper',
    customerEmail: 'grace@example.com',
    currency: 'USD',
    issueDate: '2026-05-10',
    dueDate: '2026-05-31',
    taxRateBasisPoints: 0,
    notes: null,
    lines,
    subtotalMinor,
    taxMinor: 0,
    totalMinor: subtotalMinor,
    payUrl: null,
    payment: null,
    sentAt: '2026-05-10T09:00:00.000Z',
    voidedAt: null,
    createdAt: '2026-05-10T09:00:00.000Z',
    updatedAt: '2026-05-10T09:00:00.000Z',
  };
}

describe('the invoice PDF', () => {
  it('keeps every cell of a row on one page and in one line, the headings repeated on each page', async () => {
    const count = INVOICE_LIMITS.linesMax;
    const pages = pagesOf(
      await renderInvoicePdf({ invoice: invoiceWithLines(count), issuer: 'Ada', language: 'en' }),
    );
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Amount/);
    for (let index = 0; index < count; index += 1) {
      const amount = `$100.${label(index)}`;
      const page = pages.findIndex((text) => text.includes(`Item ${label(index)} `));
      expect(page, `line ${label(index)}`).toBeGreaterThanOrEqual(0);
      const text = pages[page] ?? '';
      // Its end on the same page, and its price and amount on the printed line where it begins.
      expect(text, `line ${label(index)}`).toContain(`end-${label(index)}`);
      const first = text.split('\n').find((printed) => printed.includes(`Item ${label(index)} `)) ?? '';
      expect(first, `line ${label(index)}`).toMatch(new RegExp(`\\s1\\s+\\${amount}\\s+\\${amount}\\s*$`));
    }
  });
});
