import type { Analytics } from '@ztart/shared/contracts/analytics';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '@/components/money/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The people the person moved the most money with, each linking to their shared history. */
export function PeopleCard({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatMoney();
  const titleId = useId();
  const money = (minor: number) => format(minor, analytics.currency);
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="analytics-people" className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('people.title')}
        </CardTitle>
        <CardDescription>{t('people.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {analytics.topCounterparties.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('people.none')}</p>
        ) : (
          <ol className="flex flex-col divide-y">
            {analytics.topCounterparties.map((person, index) => (
              <li key={person.ztartag ?? person.displayName} className="flex items-center gap-3 py-2.5">
                <span
                  aria-hidden="true"
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums"
                >
                  {index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col">
                  {person.ztartag ? (
                    <Link
                      to={`/transactions?counterparty=${encodeURIComponent(person.ztartag)}`}
                      aria-label={t('people.history', { name: person.displayName })}
                      className="truncate font-medium underline-offset-4 hover:underline"
                    >
                      {person.displayName}
                    </Link>
                  ) : (
                    <span className="truncate font-medium">{person.displayName}</span>
                  )}
                  {person.ztartag && person.displayName !== `@${person.ztartag}` ? (
                    <span className="truncate text-sm text-muted-foreground">@{person.ztartag}</span>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-col items-end text-sm tabular-nums">
                  {person.incomeMinor > 0 ? (
                    <span className="text-brand-soft-foreground dark:text-brand">
                      {t('people.receivedAmount', { amount: money(person.incomeMinor) })}
                    </span>
                  ) : null}
                  {person.expenseMinor > 0 ? (
                    <span>{t('people.sentAmount', { amount: money(person.expenseMinor) })}</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
