import { ArrowLeftRight, Download, Tags } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import {
  exportCsvUrl,
  filtersFromSearchParams,
  filtersToSearchParams,
} from '@/components/transactions/filters';
import { TransactionList } from '@/components/transactions/transaction-list';
import { Button, buttonVariants } from '@/components/ui/button';
import { CategoriesDialog } from '@/features/transactions/components/categories-dialog';
import {
  type FilterChange,
  TransactionFiltersBar,
} from '@/features/transactions/components/transaction-filters';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * `/transactions`: the whole history. The filters live in the URL, so a filtered list can be
 * shared or bookmarked, Back undoes a filter, and a detail's back link returns to the same list.
 */
export function TransactionsPage() {
  const { t } = useTranslation(['screens', 'transactions']);
  const { demo } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  const applyFilters = useCallback(
    ({ filters: next, replace = false }: FilterChange) =>
      setSearchParams(filtersToSearchParams(next), { replace }),
    [setSearchParams],
  );
  const clearFilters = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={ArrowLeftRight}
        title={t('screens:transactions.title')}
        description={t('screens:transactions.description')}
      >
        <div className="flex flex-wrap items-center gap-2">
          {demo ? (
            <>
              <Button variant="outline" disabled aria-describedby="transactions-export-demo">
                <Download aria-hidden="true" />
                {t('transactions:actions.export')}
              </Button>
              <p id="transactions-export-demo" className="text-sm text-muted-foreground">
                {t('transactions:demo.exportUnavailable')}
              </p>
            </>
          ) : (
            // A plain link: the browser downloads it with the session cookie, every matching row.
            <a
              href={exportCsvUrl(filters)}
              download
              title={t('transactions:actions.exportHint')}
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" />
              {t('transactions:actions.export')}
            </a>
          )}
          <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
            <Tags aria-hidden="true" />
            {t('transactions:actions.categories')}
          </Button>
        </div>
      </PageHeader>
      <TransactionFiltersBar filters={filters} onChange={applyFilters} />
      <TransactionList filters={filters} onClearFilters={clearFilters} />
      <CategoriesDialog open={categoriesOpen} onOpenChange={setCategoriesOpen} />
    </div>
  );
}
