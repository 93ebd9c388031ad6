import { INVOICE_LIMITS } from '@ztart/shared/limits';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  emptyDraft,
  emptyLine,
  type InvoiceDraft,
  parseQuantity,
  parseTaxRate,
  previewTotals,
  taxRateText,
} from '@/features/invoices/invoice-draft';

const TODAY = '2026-11-26';

function draftWith(changes: Partial<InvoiceDraft>, lines: [string, string, string][]): InvoiceDraft {
  return {
    ...emptyDraft('USD', '2026-12-10'),
    customerName: 'Ana Lima',
    customerEmail: 'ana@example.com',
    lines: lines.map(([description, quantity, unitPrice]) => ({
      ...emptyLine(),
      description,
      quantity,
      unitPrice,
    })),
    ...changes,
  };
}

describe('the tax rate as people type it', () => {
  it.each([
    ['0', 0],
    ['8', 800],
    ['8.25', 825],
    ['8,25', 825],
    ['8.5', 850],
    ['20 %', 2000],
    ['100', 10_000],
  ])('"%s" reads as %i basis points', (text, basisPoints) => {
    expect(parseTaxRate(text)).toBe(basisPoints);
  });

  it.each(['', '-1', '8.255', '100.01', '1e2', 'abc', '8..2'])('"%s" is refused', (text) => {
    expect(parseTaxRate(text)).toBeNull();
  });

  it('is written back as the person typed it', () => {
    expect([825, 800, 850, 5, 0].map(taxRateText)).toEqual(['8.25', '8', '8.5', '0.05', '0']);
  });
});

describe('quantities', () => {
  it('are whole numbers from 1 to the limit', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(String(INVOICE_LIMITS.quantityMax))).toBe(INVOICE_LIMITS.quantityMax);
    expect(parseQuantity(String(INVOICE_LIMITS.quantityMax + 1))).toBeNull();
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });
});

describe('the live totals', () => {
  it('multiply, add and round the tax half up once, in integer minor units', () => {
    // 2 × 12.50 + 1 × 0.99 = 25.99; 8.25 % of it is 2.144175 → 2.14; total 28.13.
    const draft = draftWith({ taxRate: '8.25' }, [
      ['Design', '2', '12.50'],
      ['Hosting', '1', '0.99'],
    ]);
    expect(previewTotals(draft, 'en')).toEqual({ subtotalMinor: 2599, taxMinor: 214, totalMinor: 2813 });
  });

  it('round a tax of exactly half a cent up', () => {
    // 10 % of 0.05 = 0.005 → 0.01.
    const draft = draftWith({ taxRate: '10' }, [['Sticker', '1', '0.05']]);
    expect(previewTotals(draft, 'en')).toEqual({ subtotalMinor: 5, taxMinor: 1, totalMinor: 6 });
  });

  it('read prices in the language they were typed in', () => {
    const draft = draftWith({ taxRate: '20' }, [['Conseil', '3', '1 234,50']]);
    expect(previewTotals(draft, 'fr')).toEqual({
      subtotalMinor: 370_350,
      taxMinor: 74_070,
      totalMinor: 444_420,
    });
  });

  it('count a line that does not read yet as nothing, without failing', () => {
    const draft = draftWith({ taxRate: 'abc' }, [
      ['Design', '2', '10'],
      ['Half typed', '', '5'],
      ['Unreadable', '1', '1.2.3'],
    ]);
    expect(previewTotals(draft, 'en')).toEqual({ subtotalMinor: 2000, taxMinor: 0, totalMinor: 2000 });
  });
});

describe('checking the form before it is sent', () => {
  it('builds the request of the contract from a valid draft', () => {
    const draft = draftWith({ taxRate: '8.25', notes: '  Thanks!  ' }, [
      [' Design ', '2', '12.50'],
      ['Free sample', '1', '0'],
    ]);
    const checked = checkDraft(draft, 'en', TODAY);
    expect(checked).toEqual({
      ok: true,
      request: {
        customerName: 'Ana Lima',
        customerEmail: 'ana@example.com',
        currency: 'USD',
        dueDate: '2026-12-10',
        taxRateBasisPoints: 825,
        notes: 'Thanks!',
        lines: [
          { description: 'Design', quantity: 2, unitPriceMinor: 1250 },
          { description: 'Free sample', quantity: 1, unitPriceMinor: 0 },
        ],
      },
    });
  });

  it('names every field that is wrong, line by line, and sends nothing', () => {
    const draft = draftWith(
      { customerName: ' ', customerEmail: 'ana@', taxRate: '101', dueDate: '2026-11-25' },
      [
        ['', '0', ''],
        ['Fine', '1', '5'],
      ],
    );
    const checked = checkDraft(draft, 'en', TODAY);
    if (checked.ok) throw new Error('expected problems');
    const { problems } = checked;
    expect(problems.customerName).toEqual({ key: 'validation:required' });
    expect(problems.customerEmail).toEqual({ key: 'validation:email' });
    expect(problems.taxRate).toEqual({ key: 'invoices:validation.taxRate', max: '100' });
    expect(problems.dueDate).toEqual({ key: 'invoices:validation.dueDate' });
    const [first, second] = draft.lines;
    expect(problems.line[first?.key ?? '']).toEqual({
      description: { key: 'invoices:validation.lineDescriptionRequired' },
      quantity: { key: 'invoices:validation.quantity', max: INVOICE_LIMITS.quantityMax },
      unitPrice: { key: 'amount', problem: { key: 'validation:amountRequired' } },
    });
    expect(problems.line[second?.key ?? '']).toBeUndefined();
  });

  it('refuses a total above what an invoice may ask for', () => {
    const draft = draftWith({ taxRate: '10' }, [['Big job', '1', '10000.00']]);
    const checked = checkDraft(draft, 'en', TODAY);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.problems.lines).toEqual({
        key: 'invoices:validation.totalMax',
        maxMinor: INVOICE_LIMITS.totalMaxMinor,
      });
    }
  });

  it('refuses free lines only, a total no payment could move', () => {
    const checked = checkDraft(draftWith({ taxRate: '10' }, [['Coffee', '1', '0']]), 'en', TODAY);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.lines).toEqual({ key: 'invoices:validation.totalMin', minMinor: 1 });
    expect(
      checkDraft(
        draftWith({}, [
          ['Coffee', '1', '0'],
          ['Cake', '1', '0.01'],
        ]),
        'en',
        TODAY,
      ).ok,
    ).toBe(true);
  });

  it('accepts a due date of today', () => {
    expect(checkDraft(draftWith({ dueDate: TODAY }, [['A', '1', '1']]), 'en', TODAY).ok).toBe(true);
  });
});
