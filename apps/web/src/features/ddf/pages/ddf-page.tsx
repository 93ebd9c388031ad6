import { DDF_PRODUCTS, type DdfProduct } from '@ztart/shared/routes';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '@/components/screen-intro';

/** `/{product}-ddf` (ARCHITECTURE.md §8): a product's data sheet. */
export function DdfPage({ product }: { product: DdfProduct }) {
  const { t } = useTranslation('screens');
  const productName = t(`ddf.products.${product}`);
  const others = DDF_PRODUCTS.filter((other) => other !== product);
  return (
    <ScreenIntro
      icon={ClipboardList}
      title={t('ddf.title', { product: productName })}
      description={t('ddf.description', { product: productName })}
      extra={
        <nav aria-labelledby="ddf-other-sheets" className="flex flex-col gap-3">
          <h2 id="ddf-other-sheets" className="text-base font-semibold">
            {t('ddf.otherSheets')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {others.map((other) => (
              <li key={other}>
                <Link
                  to={`/${other}-ddf`}
                  className="inline-flex min-h-11 items-center rounded-full border bg-card px-4 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {t(`ddf.products.${other}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
    />
  );
}
