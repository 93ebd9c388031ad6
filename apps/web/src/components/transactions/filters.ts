import { type TransactionQuery, transactionQuerySchema } from '@ztart/shared/contracts/transactions';

/** What a list shows: every filter of `GET /api/transactions`, without the paging. */
export type TransactionFilters = Partial<Omit<TransactionQuery, 'cursor' | 'limit'>>;
export type TransactionFilterField = keyof TransactionFilters;

/** The filters in the order they appear in URLs (the page's, the API's and the CSV export's). */
export const FILTER_FIELDS = [
  'type',
  'kind',
  'status',
  'category',
  'currency',
  'from',
  'to',
  'q',
  'counterparty',
] as const satisfies readonly TransactionFilterField[];

const { shape } = transactionQuerySchema;

/**
 * Reads the filters of a URL. A value the API would refuse (a typo, an old link) is dropped
 * rather than failing the whole list, and so is an empty one.
 */
export function filtersFromSearchParams(params: URLSearchParams): TransactionFilters {
  const filters: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    const raw = params.get(field);
    if (raw === null || raw.trim() === '') continue;
    const parsed = shape[field].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') filters[field] = parsed.data;
  }
  return filters as TransactionFilters;
}

/** The filters as URL search params, in a stable order, without the empty ones. */
export function filtersToSearchParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value !== undefined && value !== '') params.set(field, String(value));
  }
  return params;
}

/** Only the filters that are set: `{ q: '' }` and `{}` are the same list (and the same cache entry). */
export function cleanFilters(filters: TransactionFilters): TransactionFilters {
  return filtersFromSearchParams(filtersToSearchParams(filters));
}

export function countActiveFilters(filters: TransactionFilters): number {
  return FILTER_FIELDS.filter((field) => filters[field] !== undefined).length;
}

/** `GET /api/transactions/export.csv` with the list's filters: the same rows, every page. */
export function exportCsvUrl(filters: TransactionFilters): string {
  const query = filtersToSearchParams(filters).toString();
  return `/api/transactions/export.csv${query ? `?${query}` : ''}`;
}
