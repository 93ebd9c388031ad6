import {
  type Invoice,
  type InvoiceLine,
  type InvoicePayment,
  type InvoicePaymentSource,
  type InvoicePaymentStatus,
  type InvoiceStatus,
  invoicePayPath,
  type PublicInvoice,
} from '@ztart/shared/contracts/invoices';
import type { Currency } from '@ztart/shared/money';
import { asc, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { type InvoiceLineRow, type InvoiceRow, invoiceLines } from './tables.ts';

/** A person as an invoice names them: their tag and the name shown for them. */
export type Counterparty = { ztartag: string | null; displayName: string };

/**
 * The state a person reads: a sent invoice whose due date (a calendar day of the issuer) is
 * before `today` is overdue. Never stored, so it needs no job to keep it true.
 */
export function statusOf(row: Pick<InvoiceRow, 'status' | 'dueDate'>, today: string): InvoiceStatus {
  return row.status === 'sent' && row.dueDate < today ? 'overdue' : row.status;
}

export function isPayable(row: Pick<InvoiceRow, 'status'>): boolean {
  return row.status === 'sent';
}

export function toLine(
  row: Pick<InvoiceLineRow, 'description' | 'quantity' | 'unitPriceMinor' | 'amountMinor'>,
): InvoiceLine {
  return {
    description: row.description,
    quantity: row.quantity,
    unitPriceMinor: row.unitPriceMinor,
    amountMinor: row.amountMinor,
  };
}

/** The lines of each invoice, in order. */
export async function linesOf(db: AppDatabase, invoiceIds: string[]): Promise<Map<string, InvoiceLine[]>> {
  const byInvoice = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  for (const row of rows) byInvoice.get(row.invoiceId)?.push(toLine(row));
  return byInvoice;
}

export function payUrlOf(appUrl: string, code: string): string {
  return `${appUrl}${invoicePayPath(code)}`;
}

function paymentOf(row: InvoiceRow, payer: Counterparty | null): InvoicePayment | null {
  if (row.status !== 'paid' || row.paymentSource === null || row.paidAt === null) return null;
  return {
    source: row.paymentSource as InvoicePaymentSource,
    status: (row.paymentStatus ?? 'pending') as InvoicePaymentStatus,
    amountMinor: row.totalMinor,
    currency: row.currency as Currency,
    payer,
    paidAt: row.paidAt.toISOString(),
    settledAt: row.paymentSettledAt?.toISOString() ?? null,
  };
}

/** The issuer's view of an invoice, read on their calendar day `today`. */
export function toInvoice(
  row: InvoiceRow,
  lines: InvoiceLine[],
  view: { today: string; appUrl: string; payer?: Counterparty | null },
): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: statusOf(row, view.today),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    currency: row.currency as Currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    taxRateBasisPoints: row.taxRateBasisPoints,
    notes: row.notes,
    lines,
    subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    payUrl: row.status === 'draft' ? null : payUrlOf(view.appUrl, row.code),
    payment: paymentOf(row, view.payer ?? null),
    sentAt: row.sentAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What a payer sees: not who was billed, no internal ids or payer; of a void invoice only its
 * number, issuer and status.
 */
export function toPublicInvoice(
  row: InvoiceRow,
  lines: InvoiceLine[],
  view: { today: string; issuer: Counterparty },
): PublicInvoice {
  const status = statusOf(row, view.today);
  if (status === 'draft') throw new Error('a draft has no public view');
  if (status === 'void') return { number: row.number, status, issuer: view.issuer };
  return {
    number: row.number,
    status,
    payable: isPayable(row),
    issuer: view.issuer,
    currency: row.currency as Currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    taxRateBasisPoints: row.taxRateBasisPoints,
    notes: row.notes,
    lines,
    subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    paymentStatus: row.status === 'paid' ? ((row.paymentStatus ?? 'pending') as InvoicePaymentStatus) : null,
  };
}
