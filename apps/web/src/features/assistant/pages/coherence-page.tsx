import type { CoherenceFinding, CoherenceSeverity } from '@ztart/shared/contracts/assistant';
import { DEFAULT_CATEGORY_KEYS, type DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import { AlertTriangle, CircleCheck, Info, type LucideIcon, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useCoherence } from '@/features/assistant/api/assistant';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';

const SEVERITY_LOOK: Record<CoherenceSeverity, { icon: LucideIcon; className: string }> = {
  high: { icon: AlertTriangle, className: 'bg-destructive/10 text-destructive' },
  medium: {
    icon: AlertTriangle,
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  },
  low: { icon: Info, className: 'bg-secondary text-secondary-foreground' },
};

const isDefaultCategory = (value: string): value is DefaultCategoryKey =>
  (DEFAULT_CATEGORY_KEYS as readonly string[]).includes(value);

/** The words of one finding, with its figures formatted in the person's language. */
function useFindingText() {
  const { t, i18n } = useTranslation(['assistant', 'transactions']);
  const money = useFormatMoney();
  return (finding: CoherenceFinding) => {
    const amount = (name: string) => money(Number(finding.figures[name] ?? 0), finding.currency);
    switch (finding.rule) {
      case 'goalsExceedMargin': {
        const values = {
          needed: amount('neededMinor'),
          margin: amount('marginMinor'),
          income: amount('incomeMinor'),
          expense: amount('expenseMinor'),
        };
        return {
          title: t('assistant:coherence.rules.goalsExceedMargin.title'),
          body: t('assistant:coherence.rules.goalsExceedMargin.body', values),
        };
      }
      case 'budgetsExceedIncome': {
        const values = { budgets: amount('budgetsMinor'), income: amount('incomeMinor') };
        return {
          title: t('assistant:coherence.rules.budgetsExceedIncome.title'),
          body: t('assistant:coherence.rules.budgetsExceedIncome.body', values),
        };
      }
      case 'categoryOverBudget': {
        const raw = String(finding.figures.category ?? '');
        const category = isDefaultCategory(raw) ? t(`transactions:categories.${raw}`) : raw;
        const months = Number(finding.figures.months ?? 0);
        return {
          title: t('assistant:coherence.rules.categoryOverBudget.title', { category, months }),
          body: t('assistant:coherence.rules.categoryOverBudget.body', {
            over: amount('overMinor'),
            amount: amount('amountMinor'),
            months,
          }),
        };
      }
      case 'goalUnreachable': {
        const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${String(finding.figures.targetDate)}T00:00:00Z`),
        );
        return {
          title: t('assistant:coherence.rules.goalUnreachable.title', {
            goal: String(finding.figures.goal ?? ''),
            date,
          }),
          body: t('assistant:coherence.rules.goalUnreachable.body', {
            needed: amount('neededMinor'),
            pace: amount('paceMinor'),
          }),
        };
      }
    }
  };
}

/** `/skiner-coherence`: Skiner's report of contradictions between budgets, goals, income and spending. */
export function CoherencePage() {
  const { t, i18n } = useTranslation(['screens', 'assistant']);
  const report = useCoherence();
  const errorMessage = useErrorMessage();
  const textOf = useFindingText();

  let body: React.ReactNode;
  if (report.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          {t('assistant:coherence.loading')}
        </p>
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  } else if (report.isError) {
    body = (
      <FormAlert>
        <p>{errorMessage(report.error)}</p>
        <Button variant="outline" onClick={() => void report.refetch()}>
          {t('assistant:chat.retry')}
        </Button>
      </FormAlert>
    );
  } else {
    const monthNames = report.data.months.map((month) =>
      new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${month}-01T00:00:00Z`),
      ),
    );
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {monthNames.length > 0
            ? t('assistant:coherence.basedOn', { months: monthNames.join(', ') })
            : t('assistant:coherence.basedOnNone')}
        </p>
        {report.data.findings.length === 0 ? (
          <div
            data-testid="coherence-empty"
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
          >
            <CircleCheck aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">{t('assistant:coherence.emptyTitle')}</h2>
            <p className="max-w-md text-muted-foreground">{t('assistant:coherence.emptyBody')}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="coherence-findings">
            {report.data.findings.map((finding) => {
              const text = textOf(finding);
              const look = SEVERITY_LOOK[finding.severity];
              const Icon = look.icon;
              return (
                <li
                  // Findings have no id: the rule, currency and figures tell them apart.
                  key={`${finding.rule}-${finding.currency}-${JSON.stringify(finding.figures)}`}
                  data-rule={finding.rule}
                  className="flex flex-col gap-2 rounded-xl border p-4"
                >
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 self-start rounded-full px-2 py-0.5 text-xs font-medium',
                      look.className,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-3.5" />
                    {t(`assistant:coherence.severity.${finding.severity}`)}
                  </span>
                  <h2 className="font-semibold">{text.title}</h2>
                  <p className="text-muted-foreground">{text.body}</p>
                  <Link
                    className={cn(buttonVariants({ variant: 'outline' }), 'self-start')}
                    to={finding.action.href}
                  >
                    {finding.action.href === '/goals'
                      ? t('assistant:coherence.actions.goals')
                      : t('assistant:coherence.actions.budget')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Scale}
        title={t('screens:coherence.title')}
        description={t('screens:coherence.description')}
      />
      {body}
    </div>
  );
}
