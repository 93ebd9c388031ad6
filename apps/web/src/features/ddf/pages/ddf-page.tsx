import type { DdfFigure, DdfLimit } from '@ztart/shared/contracts/ddf';
import { DDF_PRODUCTS, type DdfProduct, type ScreenPath } from '@ztart/shared/routes';
import { ArrowRight, ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useDdfSheet } from '@/features/ddf/api/ddf';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';

/** The screen each product sheet leads to. */
const PRODUCT_SCREENS: Record<DdfProduct, ScreenPath> = {
  wallet: '/wallet',
  tips: '/tips-me',
  qr: '/qr-codes',
  contacts: '/contacts',
  budget: '/budget',
  goals: '/goals',
  investments: '/investments',
  invoices: '/invoices',
  business: '/businesses',
  assistant: '/conversational-agent',
};

/** A figure or a limit in the person's language: money with the app's money format, counts as numbers. */
function useValueText() {
  const { i18n } = useTranslation();
  const money = useFormatMoney();
  const number = new Intl.NumberFormat(i18n.language);
  return (item: DdfFigure | DdfLimit) =>
    item.kind === 'money' ? money(item.amountMinor, item.currency) : number.format(item.value);
}

/** A money figure comes once per currency: its key and currency tell them apart. */
const idOf = (item: DdfFigure | DdfLimit) =>
  item.kind === 'money' ? `${item.key}-${item.currency}` : item.key;

function ValueList({
  items,
  label,
  testId,
}: {
  items: readonly { id: string; label: string; text: string }[];
  label: string;
  testId: string;
}) {
  return (
    <dl aria-label={label} data-testid={testId} className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.id} className="flex flex-col gap-0.5 rounded-xl border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{item.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/{product}-ddf` (ARCHITECTURE.md §8): what a product does, the person's own figures and their plan's limits. */
export function DdfPage({ product }: { product: DdfProduct }) {
  const { t } = useTranslation(['screens', 'ddf']);
  const sheet = useDdfSheet(product);
  const errorMessage = useErrorMessage();
  const valueText = useValueText();
  const productName = t(`screens:ddf.products.${product}`);
  const others = DDF_PRODUCTS.filter((other) => other !== product);

  let body: React.ReactNode;
  if (sheet.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          {t('ddf:loading')}
        </p>
        <Skeleton className="h-6 w-40" />
        <div className="grid gap-2 sm:grid-cols-2">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
        </div>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-20 rounded-xl" />
      </div>
    );
  } else if (sheet.isError) {
    body = (
      <FormAlert>
        <p>{errorMessage(sheet.error)}</p>
        <Button variant="outline" onClick={() => void sheet.refetch()}>
          {t('ddf:retry')}
        </Button>
      </FormAlert>
    );
  } else {
    const { figures, limits, plan } = sheet.data;
    body = (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="ddf-figures" className="flex flex-col gap-3">
          <h2 id="ddf-figures" className="text-base font-semibold">
            {t('ddf:yourFigures')}
          </h2>
          <ValueList
            label={t('ddf:yourFigures')}
            testId="ddf-figures"
            items={figures.map((figure) => ({
              id: idOf(figure),
              label: t(`ddf:figures.${figure.key}`),
              text: valueText(figure),
            }))}
          />
        </section>
        <section aria-labelledby="ddf-limits" className="flex flex-col gap-3">
          <h2 id="ddf-limits" className="text-base font-semibold">
            {t('ddf:planLimits')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('ddf:planIs', { role: t(`ddf:roles.${plan.role}`), level: t(`ddf:levels.${plan.userLevel}`) })}
          </p>
          <ValueList
            label={t('ddf:planLimits')}
            testId="ddf-limits"
            items={limits.map((limit) => ({
              id: idOf(limit),
              label: t(`ddf:limits.${limit.key}`),
              text: valueText(limit),
            }))}
          />
        </section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={ClipboardList}
        title={t('screens:ddf.title', { product: productName })}
        description={t(`ddf:descriptions.${product}`)}
      >
        <Link
          to={PRODUCT_SCREENS[product]}
          className={cn(buttonVariants({ variant: 'outline' }), 'self-start')}
          data-testid="ddf-open-product"
        >
          {t('ddf:open', { product: productName })}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </PageHeader>
      {body}
      <nav aria-labelledby="ddf-other-sheets" className="flex flex-col gap-3">
        <h2 id="ddf-other-sheets" className="text-base font-semibold">
          {t('screens:ddf.otherSheets')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {others.map((other) => (
            <li key={other}>
              <Link
                to={`/${other}-ddf`}
                className="inline-flex min-h-11 items-center rounded-full border bg-card px-4 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {t(`screens:ddf.products.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
