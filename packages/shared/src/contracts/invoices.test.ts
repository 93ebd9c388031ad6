import { describe, expect, it } from 'vitest';
import {
  createInvoiceRequestSchema,
  formatInvoiceNumber,
  invoicePaymentRequestSchema,
  invoiceTotals,
  updateInvoiceRequestSchema,
} from './invoices.ts';

describe('invoice totals', () => {
  it('adds quantity × unit price per line and rounds the tax half up once per invoice', () => {
    // 3 × 3.33 + 1 × 0.05 = 10.04; 10 % of it is 1.004 → 1.00
    expect(
      invoiceTotals(
        [
          { quantity: 3, unitPriceMinor: 333 },
          { quantity: 1, unitPriceMinor: 5 },
        ],
        1_000,
      ),
    ).toEqual({ subtotalMinor: 1_004, taxMinor: 100, totalMinor: 1_104 });
    // 0.05 at 10 % is 0.005: exactly half a cent rounds up
    expect(invoiceTotals([{ quantity: 1, unitPriceMinor: 5 }], 1_000).taxMinor).toBe(1);
    // 0.04 at 10 % is 0.004: rounds down
    expect(invoiceTotals([{ quantity: 1, unitPriceMinor: 4 }], 1_000).taxMinor).toBe(0);
    expect(invoiceTotals([{ quantity: 2, unitPriceMinor: 1_250 }], 0)).toEqual({
      subtotalMinor: 2_500,
      taxMinor: 0,
      totalMinor: 2_500,
    });
  });

  it('numbers invoices INV-<year>-<4 digits>', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('INV-2026-0001');
    expect(formatInvoiceNumber(2026, 1234)).toBe('INV-2026-1234');
  });
});

describe('invoice requests', () => {
  const body = {
    customerName: 'Ada Lovelace',
    customerEmail: 'ADA@example.com',
    currency: 'USD',
    dueDate: '2026-12-31',
    lines: [{ description: 'Design work', quantity: 2, unitPriceMinor: 5_000 }],
  };

  it('accepts a plain invoice with no tax by default', () => {
    const parsed = createInvoiceRequestSchema.parse(body);
    expect(parsed.taxRateBasisPoints).toBe(0);
    expect(parsed.customerEmail).toBe('ada@example.com');
  });

  it('refuses fractional quantities, rates above 100 % and totals above the maximum', () => {
    const line = body.lines[0] as (typeof body.lines)[number];
    expect(
      createInvoiceRequestSchema.safeParse({ ...body, lines: [{ ...line, quantity: 1.5 }] }).success,
    ).toBe(false);
    expect(createInvoiceRequestSchema.safeParse({ ...body, taxRateBasisPoints: 10_001 }).success).toBe(false);
    const tooMuch = createInvoiceRequestSchema.safeParse({
      ...body,
      lines: [{ ...line, quantity: 100, unitPriceMinor: 10_001 }],
    });
    expect(tooMuch.success).toBe(false);
    expect(tooMuch.error?.issues[0]?.message).toBe('validation.invoiceTotalMax');
    expect(createInvoiceRequestSchema.safeParse({ ...body, lines: [] }).success).toBe(false);
  });

  it('refuses a total below what a payment can move, in creation and in an update of the lines', () => {
    const line = body.lines[0] as (typeof body.lines)[number];
    const free = [{ ...line, unitPriceMinor: 0 }];
    const created = createInvoiceRequestSchema.safeParse({ ...body, lines: free });
    expect(created.error?.issues[0]?.message).toBe('validation.invoiceTotalMin');
    const updated = updateInvoiceRequestSchema.safeParse({ lines: free });
    expect(updated.error?.issues[0]?.message).toBe('validation.invoiceTotalMin');
    expect(
      createInvoiceRequestSchema.safeParse({ ...body, lines: [{ ...line, quantity: 1, unitPriceMinor: 1 }] })
        .success,
    ).toBe(true);
  });

  it('pays by card unless the wallet is named, and never both', () => {
    const card = {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      cardholderName: 'Ada',
    };
    expect(invoicePaymentRequestSchema.safeParse({ card }).data?.source).toBe('card');
    expect(invoicePaymentRequestSchema.safeParse({ source: 'wallet' }).success).toBe(true);
    expect(invoicePaymentRequestSchema.safeParse({}).success).toBe(false);
    expect(invoicePaymentRequestSchema.safeParse({ source: 'wallet', card }).success).toBe(false);
  });
});
