import type { Debt, DebtDirection } from '@ztart/shared/contracts/debts';
import { ArrowLeft, Plus, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { Money } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Tabs } from '@/components/ui/tabs';
import { useDebtContact } from '@/features/debts/api/debt-contact';
import { useDebts } from '@/features/debts/api/debts';
import { CreateDebtForm } from '@/features/debts/components/create-debt-form';
import { DebtCard } from '@/features/debts/components/debt-card';
import { SettleDebtFlow } from '@/features/debts/components/settle-debt-flow';
import { useErrorMessage } from '@/hooks/use-error-message';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/contacts/debts`: what the person owes and is owed, each with its totals per currency; recording
 * a debt, answering one recorded with them, settling and the history of settlements.
 * `?contact=<id>` shows the debts with that contact, by name, and records new ones with that person.
 */
export function DebtsPage() {
  const { t } = useTranslation('debts');
  const [searchParams, setSearchParams] = useSearchParams();
  const contactParam = searchParams.get('contact');
  const contactId = contactParam && UUID.test(contactParam) ? contactParam : null;
  const [direction, setDirection] = useState<DebtDirection>('i_owe');
  const [creating, setCreating] = useState(false);
  const [settling, setSettling] = useState<Debt | null>(null);
  const contact = useDebtContact(contactId);
  const errorMessage = useErrorMessage();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Scale} title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('actions.record')}
          </Button>
          <Link to="/contacts" className={buttonVariants({ variant: 'ghost' })}>
            <ArrowLeft aria-hidden="true" />
            {t('actions.contacts')}
          </Link>
        </div>
        {contactId ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {contact.isSuccess ? (
              t('list.withContact', { name: contact.data.nickname })
            ) : contact.isError ? (
              <span role="alert">{errorMessage(contact.error)}</span>
            ) : (
              <span role="status">{t('list.contactLoading')}</span>
            )}
            <Button
              variant="outline"
              onClick={() =>
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  next.delete('contact');
                  return next;
                })
              }
            >
              {t('list.showAll')}
            </Button>
          </p>
        ) : null}
      </PageHeader>
      <Tabs
        label={t('tabs.label')}
        value={direction}
        onValueChange={setDirection}
        tabs={[
          { value: 'i_owe', label: t('tabs.iOwe') },
          { value: 'owed_to_me', label: t('tabs.owedToMe') },
        ]}
      >
        <DebtList
          direction={direction}
          contactId={contactId}
          onSettle={setSettling}
          onCreate={() => setCreating(true)}
        />
      </Tabs>
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('form.title')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {creating && contact.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('list.contactLoading')}
          </p>
        ) : creating ? (
          <CreateDebtForm
            initialDirection={direction}
            contact={contact.data ?? null}
            onDone={() => setCreating(false)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={settling !== null}
        onOpenChange={(open) => {
          if (!open) setSettling(null);
        }}
        title={t('settle.title')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {settling ? <SettleDebtFlow debt={settling} onFinished={() => setSettling(null)} /> : null}
      </Dialog>
    </div>
  );
}

function DebtList({
  direction,
  contactId,
  onSettle,
  onCreate,
}: {
  direction: DebtDirection;
  contactId: string | null;
  onSettle: (debt: Debt) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('debts');
  const errorMessage = useErrorMessage();
  const query = useDebts(direction, contactId);
  const totalsId = useId();

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          {t('list.loading')}
        </p>
        <ListRowSkeleton />
        <ListRowSkeleton />
        <ListRowSkeleton />
      </div>
    );
  }
  if (query.isError) {
    return (
      <FormAlert>
        <p>{errorMessage(query.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const totals = query.totals.filter((total) => total.direction === direction && total.remainingMinor > 0);
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby={totalsId}
        data-testid="debt-totals"
        className="rounded-xl border bg-muted/30 p-4"
      >
        <h2 id={totalsId} className="text-sm font-medium text-muted-foreground">
          {direction === 'i_owe' ? t('totals.iOwe') : t('totals.owedToMe')}
        </h2>
        {totals.length === 0 ? (
          <p className="text-lg font-semibold">{t('totals.none')}</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {totals.map((total) => (
              <li key={total.currency} className="text-2xl font-semibold tabular-nums">
                <Money amountMinor={total.remainingMinor} currency={total.currency} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {query.debts.length === 0 ? (
        <div
          data-testid="debts-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <Scale aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">
            {direction === 'i_owe' ? t('list.emptyIOwe') : t('list.emptyOwedToMe')}
          </p>
          <Button variant="outline" onClick={onCreate}>
            <Plus aria-hidden="true" />
            {t('actions.record')}
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.debts.map((debt) => (
            <li key={debt.id}>
              <DebtCard debt={debt} onSettle={onSettle} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        query={query}
        labels={{
          loadMore: t('list.loadMore'),
          loadingMore: t('list.loadingMore'),
          retry: t('actions.retry'),
          end: null,
        }}
      />
    </div>
  );
}
