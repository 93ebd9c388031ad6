import {
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@ztart/shared/contracts/transactions';
import { CURRENCIES } from '@ztart/shared/money';
import { Search, SlidersHorizontal } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '@/components/transactions/api/get-categories';
import { useCategoryName } from '@/components/transactions/categories';
import {
  countActiveFilters,
  type TransactionFilterField,
  type TransactionFilters,
} from '@/components/transactions/filters';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';

/** How long typing must pause before the search runs (and lands in the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FilterChange {
  filters: TransactionFilters;
  /** Typing replaces the history entry; a chosen filter adds one, so Back undoes it. */
  replace?: boolean;
}

export function TransactionFiltersBar({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (change: FilterChange) => void;
}) {
  const { t } = useTranslation('transactions');
  const panelId = useId();
  const active = countActiveFilters({ ...filters, q: undefined });
  const [open, setOpen] = useState(active > 0);

  const set = (field: TransactionFilterField) => (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    onChange({ filters: { ...filters, [field]: event.target.value || undefined } });

  const reversed = filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

  return (
    <search aria-label={t('filters.label')} className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <SearchBox
          value={filters.q ?? ''}
          onSearch={(q) => onChange({ filters: { ...filters, q }, replace: true })}
        />
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {t('filters.toggle')}{' '}
          {active > 0 ? (
            <Badge variant="brand" className="px-1.5">
              <span aria-hidden="true">{active}</span>
              <span className="sr-only">{t('filters.activeCount', { count: active })}</span>
            </Badge>
          ) : null}
        </Button>
      </div>
      <div
        id={panelId}
        hidden={!open}
        className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-4"
      >
        <Select label={t('filters.type')} value={filters.type ?? ''} onChange={set('type')}>
          <option value="">{t('filters.all')}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`type.${type}`)}
            </option>
          ))}
        </Select>
        <Select label={t('filters.status')} value={filters.status ?? ''} onChange={set('status')}>
          <option value="">{t('filters.all')}</option>
          {TRANSACTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </Select>
        <Select label={t('filters.kind')} value={filters.kind ?? ''} onChange={set('kind')}>
          <option value="">{t('filters.all')}</option>
          {TRANSACTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </Select>
        <CategorySelect value={filters.category} onChange={set('category')} />
        <Select label={t('filters.currency')} value={filters.currency ?? ''} onChange={set('currency')}>
          <option value="">{t('filters.all')}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </Select>
        <TextField
          type="date"
          label={t('filters.from')}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={set('from')}
          className="min-w-0"
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={set('to')}
          className="min-w-0"
        />
        {reversed ? (
          <p role="alert" className="col-span-full text-sm text-destructive">
            {t('filters.datesReversed')}
          </p>
        ) : null}
      </div>
    </search>
  );
}

function CategorySelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation('transactions');
  const categories = useCategories();
  const nameOf = useCategoryName();
  const known = categories.data?.some((category) => category.id === value) ?? false;
  return (
    <Select label={t('filters.category')} value={value ?? ''} onChange={onChange}>
      <option value="">{t('filters.all')}</option>
      {/* A category from a shared link that has not loaded yet (or was deleted) stays selectable. */}
      {value && !known ? <option value={value}>{t('filters.category')}</option> : null}
      {(categories.data ?? []).map((category) => (
        <option key={category.id} value={category.id}>
          {nameOf(category)}
        </option>
      ))}
    </Select>
  );
}

/**
 * The search box: what is typed shows at once; the search (and the URL) follows once typing
 * pauses. A search changed elsewhere (Back, "Clear filters") replaces what the box shows.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation('transactions');
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The search last sent or received: a debounced text equal to it is nothing new.
  const applied = useRef(value);
  // The latest callback, without making it a reason to search: it changes with every filter.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = debounced.trim();
    if (next === applied.current) return;
    applied.current = next;
    onSearchRef.current(next || undefined);
  }, [debounced]);

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('filters.search')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          className={cn(INPUT_CLASS, 'pl-9')}
        />
      </div>
    </div>
  );
}
