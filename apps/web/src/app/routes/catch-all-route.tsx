import { type DdfProduct, isDdfProduct } from '@ztart/shared/routes';
import { useLocation } from 'react-router';
import { RequireSignIn } from '@/app/guards/require-access';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { DdfPage } from '@/features/ddf/pages/ddf-page';

// React Router matches whole segments only, so `/{product}-ddf` is recognised here.
const DDF_PATH = /^\/([a-z]+)-ddf\/?$/;

/** The product of a `/{product}-ddf` path, or null when the path is not a known product sheet. */
export function ddfProductOf(pathname: string): DdfProduct | null {
  const product = DDF_PATH.exec(pathname)?.[1];
  return isDdfProduct(product) ? product : null;
}

/**
 * Every path no other route matched: a product sheet (it shows the person's own figures, so
 * it needs sign-in), or the not-found page (public).
 */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const product = ddfProductOf(pathname);
  if (!product) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <DdfPage key={product} product={product} />
    </RequireSignIn>
  );
}
