import {
  type CreateInvoiceRequest,
  INVOICE_TOTAL_MIN_MINOR,
  type Invoice,
  type InvoiceTotals,
  invoiceTotals,
} from '@ztart/shared/contracts/invoices';
import { INVOICE_LIMITS, TEXT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@ztart/shared/patterns';
import { formatAmountForInput } from '@/components/money/amount-input';
import { type AmountProblem, checkAmount, parseAmountInput } from '@/components/money/parse-amount-input';

/** One line as typed: the quantity and the unit price are the text of their fields. */
export interface LineDraft {
  /** Stable across edits, so React keeps each row's fields (and focus) in place. */
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The invoice form as the person filled it in. */
export interface InvoiceDraft {
  customerName: string;
  customerEmail: string;
  currency: Currency;
  dueDate: string;
  /** A percentage with at most two decimals ("8.25"), read into basis points. */
  taxRate: string;
  notes: string;
  lines: LineDraft[];
}

/** Why a field cannot be sent: a key of our catalogues with its values, translated where shown. */
export type DraftProblem =
  | { key: 'validation:required' | 'validation:email' | 'validation:date' }
  | { key: 'validation:maxLength'; max: number }
  | { key: 'invoices:validation.quantity'; max: number }
  | { key: 'invoices:validation.taxRate'; max: string }
  | { key: 'invoices:validation.dueDate' }
  | { key: 'invoices:validation.lineDescriptionRequired' }
  | { key: 'invoices:validation.linesMax'; max: number }
  | { key: 'invoices:validation.totalMax'; maxMinor: number }
  | { key: 'invoices:validation.totalMin'; minMinor: number }
  | { key: 'amount'; problem: AmountProblem };

export interface LineProblems {
  description?: DraftProblem;
  quantity?: DraftProblem;
  unitPrice?: DraftProblem;
}

export interface DraftProblems {
  customerName?: DraftProblem;
  customerEmail?: DraftProblem;
  dueDate?: DraftProblem;
  taxRate?: DraftProblem;
  notes?: DraftProblem;
  /** Of the lines together: too many, or a total above the limit. */
  lines?: DraftProblem;
  /** By line key. */
  line: Record<string, LineProblems>;
}

let nextLineKey = 0;

export function emptyLine(): LineDraft {
  nextLineKey += 1;
  return { key: `line-${nextLineKey}`, description: '', quantity: '1', unitPrice: '' };
}

export function emptyDraft(currency: Currency, dueDate: string): InvoiceDraft {
  return {
    customerName: '',
    customerEmail: '',
    currency,
    dueDate,
    taxRate: '0',
    notes: '',
    lines: [emptyLine()],
  };
}

/** Basis points as the percentage people type: 825 → "8.25", 2000 → "20". */
export function taxRateText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return String(whole);
  const decimals = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${whole}.${decimals}`;
}

/** The draft of an existing invoice, for editing it. */
export function draftOf(invoice: Invoice, locale: string): InvoiceDraft {
  return {
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    currency: invoice.currency,
    dueDate: invoice.dueDate,
    taxRate: taxRateText(invoice.taxRateBasisPoints),
    notes: invoice.notes ?? '',
    lines: invoice.lines.map((line) => ({
      ...emptyLine(),
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: formatAmountForInput(line.unitPriceMinor, invoice.currency, locale),
    })),
  };
}

const TAX_RATE_PATTERN = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

/**
 * A percentage with at most two decimals, as basis points (text arithmetic: "8.25" → 825, never a
 * float), or null when it is not one or is above the limit.
 */
export function parseTaxRate(text: string): number | null {
  const match = TAX_RATE_PATTERN.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const basisPoints =
    Number.parseInt(match[1] ?? '0', 10) * 100 + Number.parseInt((match[2] ?? '').padEnd(2, '0'), 10);
  return basisPoints <= INVOICE_LIMITS.taxRateMaxBasisPoints ? basisPoints : null;
}

/** A whole quantity from 1 to the limit, or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const quantity = Number.parseInt(trimmed, 10);
  return quantity >= 1 && quantity <= INVOICE_LIMITS.quantityMax ? quantity : null;
}

/**
 * The totals as the lines read now, for the live preview: a line whose quantity or price does not
 * read yet counts as nothing, and so does a tax rate that does not read. Null when the total is
 * too large to count exactly (a huge price typed): the preview says so rather than fail.
 */
export function previewTotals(draft: InvoiceDraft, locale: string): InvoiceTotals | null {
  const lines = draft.lines.map((line) => {
    const unitPriceMinor = parseAmountInput(line.unitPrice, draft.currency, locale) ?? 0;
    return {
      quantity: parseQuantity(line.quantity) ?? 0,
      unitPriceMinor:
        Number.isSafeInteger(unitPriceMinor) && unitPriceMinor >= 0 ? unitPriceMinor : Number.NaN,
    };
  });
  if (lines.some((line) => Number.isNaN(line.unitPriceMinor))) return null;
  try {
    return invoiceTotals(lines, parseTaxRate(draft.taxRate) ?? 0);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function textProblem(value: string, max: number, required: boolean): DraftProblem | undefined {
  if (required && value === '') return { key: 'validation:required' };
  return value.length > max ? { key: 'validation:maxLength', max } : undefined;
}

export type DraftCheck = { ok: true; request: CreateInvoiceRequest } | { ok: false; problems: DraftProblems };

/**
 * Every check of the form before it is sent, with the same bounds as the server's contract, and
 * the request when none fails. `today` is the person's calendar day (YYYY-MM-DD).
 */
export function checkDraft(draft: InvoiceDraft, locale: string, today: string): DraftCheck {
  const customerName = draft.customerName.trim();
  const customerEmail = draft.customerEmail.trim();
  const notes = draft.notes.trim();
  const problems: DraftProblems = { line: {} };
  problems.customerName = textProblem(customerName, TEXT_LIMITS.name, true);
  problems.customerEmail =
    customerEmail === ''
      ? { key: 'validation:required' }
      : customerEmail.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(customerEmail)
        ? { key: 'validation:email' }
        : undefined;
  problems.dueDate =
    draft.dueDate === ''
      ? { key: 'validation:required' }
      : !/^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate)
        ? { key: 'validation:date' }
        : draft.dueDate < today
          ? { key: 'invoices:validation.dueDate' }
          : undefined;
  const taxRateBasisPoints = parseTaxRate(draft.taxRate === '' ? '0' : draft.taxRate);
  if (taxRateBasisPoints === null) {
    problems.taxRate = {
      key: 'invoices:validation.taxRate',
      max: taxRateText(INVOICE_LIMITS.taxRateMaxBasisPoints),
    };
  }
  problems.notes = textProblem(notes, INVOICE_LIMITS.notesMax, false);

  const lines: CreateInvoiceRequest['lines'] = [];
  for (const line of draft.lines) {
    const description = line.description.trim();
    const quantity = parseQuantity(line.quantity);
    const price = checkAmount(line.unitPrice, draft.currency, locale, {
      minMinor: 0,
      maxMinor: INVOICE_LIMITS.totalMaxMinor,
    });
    const lineProblems: LineProblems = {
      description:
        description === ''
          ? { key: 'invoices:validation.lineDescriptionRequired' }
          : textProblem(description, INVOICE_LIMITS.lineDescriptionMax, true),
      quantity:
        quantity === null
          ? { key: 'invoices:validation.quantity', max: INVOICE_LIMITS.quantityMax }
          : undefined,
      unitPrice:
        price.ok || isFreeLine(price.problem) ? undefined : { key: 'amount', problem: price.problem },
    };
    if (Object.values(lineProblems).some(Boolean)) problems.line[line.key] = lineProblems;
    else if (quantity !== null) {
      lines.push({ description, quantity, unitPriceMinor: price.ok ? price.amountMinor : 0 });
    }
  }
  if (draft.lines.length > INVOICE_LIMITS.linesMax) {
    problems.lines = { key: 'invoices:validation.linesMax', max: INVOICE_LIMITS.linesMax };
  } else if (lines.length === draft.lines.length) {
    const { totalMinor } = invoiceTotals(lines, taxRateBasisPoints ?? 0);
    if (totalMinor > INVOICE_LIMITS.totalMaxMinor) {
      problems.lines = { key: 'invoices:validation.totalMax', maxMinor: INVOICE_LIMITS.totalMaxMinor };
    } else if (totalMinor < INVOICE_TOTAL_MIN_MINOR) {
      // Only free lines: nothing a payment could move, so the invoice could never be paid.
      problems.lines = { key: 'invoices:validation.totalMin', minMinor: INVOICE_TOTAL_MIN_MINOR };
    }
  }

  const { line: lineProblems, ...fieldProblems } = problems;
  const failed = Object.values(fieldProblems).some(Boolean) || Object.keys(lineProblems).length > 0;
  if (failed || taxRateBasisPoints === null) return { ok: false, problems };
  return {
    ok: true,
    request: {
      customerName,
      customerEmail,
      currency: draft.currency,
      dueDate: draft.dueDate,
      taxRateBasisPoints,
      ...(notes === '' ? {} : { notes }),
      lines,
    },
  };
}

/** A unit price of zero is a free line: allowed (the contract takes 0), unlike an empty field. */
function isFreeLine(problem: AmountProblem): boolean {
  return problem.key === 'validation:amountPositive';
}
