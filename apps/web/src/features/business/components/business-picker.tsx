import type { Business } from '@ztart/shared/contracts/businesses';
import { Building } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useBusinesses } from '@/features/business/api/businesses';
import { useErrorMessage } from '@/hooks/use-error-message';

const BUSINESS_PARAM = 'business';

/** A business screen's address for one business: `/business-admin?business=<id>`. */
export function businessPath(path: '/business-admin' | '/business-admin/team', businessId: string): string {
  return `${path}?${new URLSearchParams({ [BUSINESS_PARAM]: businessId })}`;
}

/** The business named in the address, else the first one the person owns, else the first one they belong to. */
export function chooseBusiness(items: readonly Business[], wanted: string | null): Business | null {
  return (
    items.find((business) => business.id === wanted) ??
    items.find((business) => business.myRole === 'owner') ??
    items[0] ??
    null
  );
}

/**
 * The business a business screen is about, with a picker when the person has several. Loading,
 * failure and "no business yet" are said here, so the screen renders only with a business.
 */
export function WithBusiness({ children }: { children: (business: Business) => ReactNode }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const businesses = useBusinesses();
  const [params, setParams] = useSearchParams();
  if (businesses.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          {t('list.loading')}
        </p>
        <Skeleton className="h-11 w-64" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (businesses.isError) {
    return (
      <FormAlert>
        <p>{errorMessage(businesses.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void businesses.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const business = chooseBusiness(businesses.data.items, params.get(BUSINESS_PARAM));
  if (!business) {
    return (
      <div
        data-testid="business-none"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
      >
        <Building aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t('admin.noneTitle')}</h2>
        <p className="max-w-md text-muted-foreground">{t('admin.noneBody')}</p>
        <Link className={buttonVariants()} to="/businesses">
          {t('admin.toBusinesses')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {businesses.data.items.length > 1 ? (
        <Select
          label={t('admin.pick')}
          className="max-w-sm"
          value={business.id}
          onChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set(BUSINESS_PARAM, event.target.value);
              return next;
            })
          }
        >
          {businesses.data.items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      ) : null}
      {children(business)}
    </div>
  );
}
