import type { Business } from '@ztart/shared/contracts/businesses';
import { Building, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDestructive } from '@/components/confirm-destructive';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useBusinesses } from '@/features/business/api/businesses';
import { useRemoveMember } from '@/features/business/api/team';
import { businessPath } from '@/features/business/components/business-picker';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The businesses the person owns or belongs to, each with where to run it, or the empty state. */
export function BusinessList({ userId, onCreate }: { userId: string; onCreate: () => void }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const businesses = useBusinesses();
  const titleId = useId();
  const [leaving, setLeaving] = useState<Business | null>(null);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('list.title')}
      </h2>
      {businesses.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <p className="sr-only" role="status">
            {t('list.loading')}
          </p>
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : businesses.isError ? (
        <FormAlert>
          <p>{errorMessage(businesses.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void businesses.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : businesses.data.items.length === 0 ? (
        <div
          data-testid="businesses-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <Building aria-hidden="true" className="size-10 text-muted-foreground" />
          <h3 className="text-lg font-semibold">{t('list.emptyTitle')}</h3>
          <p className="max-w-md text-muted-foreground">{t('list.emptyBody')}</p>
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            {t('create.open')}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {businesses.data.items.map((business) => (
            <li key={business.id}>
              <BusinessCard business={business} onLeave={() => setLeaving(business)} />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
        }}
        title={leaving ? t('leave.title', { name: leaving.name }) : ''}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {leaving ? (
          <LeaveBusiness business={leaving} userId={userId} onDone={() => setLeaving(null)} />
        ) : null}
      </Dialog>
    </section>
  );
}

function BusinessCard({ business, onLeave }: { business: Business; onLeave: () => void }) {
  const { t } = useTranslation('business');
  const owner = business.myRole === 'owner';
  return (
    <article
      data-testid="business-card"
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4"
      aria-label={business.name}
    >
      <div className="flex items-center gap-3">
        <Avatar name={business.name} src={business.logoUrl} className="size-12" />
        <div className="flex min-w-0 flex-col">
          <h3 className="truncate font-semibold">{business.name}</h3>
          <p className="text-sm text-muted-foreground">@{business.tag}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant={owner ? 'brand' : 'neutral'}>{t(`roles.${business.myRole}`)}</Badge>
        <Badge>{t(`status.${business.status}`)}</Badge>
        {business.myApprovalStatus !== 'approved' ? (
          <Badge>{t(`approval.${business.myApprovalStatus}`)}</Badge>
        ) : null}
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link className={buttonVariants()} to={businessPath('/business-admin', business.id)}>
          {t('list.open')}
        </Link>
        {owner ? (
          <Link
            className={buttonVariants({ variant: 'outline' })}
            to={businessPath('/business-admin/team', business.id)}
          >
            {t('list.team')}
          </Link>
        ) : (
          <Button variant="ghost" onClick={onLeave}>
            {t('leave.action')}
          </Button>
        )}
      </div>
    </article>
  );
}

function LeaveBusiness({
  business,
  userId,
  onDone,
}: {
  business: Business;
  userId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('business');
  const remove = useRemoveMember();
  return (
    <ConfirmDestructive
      problem={remove.isError ? <BusinessProblem error={remove.error} /> : null}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { businessId: business.id, userId },
          {
            onSuccess: () => {
              toast({ title: t('leave.done', { name: business.name }), variant: 'success' });
              onDone();
            },
          },
        )
      }
      onCancel={onDone}
    >
      {t('leave.body', { name: business.name })}
    </ConfirmDestructive>
  );
}
