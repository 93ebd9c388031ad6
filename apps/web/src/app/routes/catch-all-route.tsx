import { type DdfProduct, isDdfProduct } from '@ztart/shared/routes';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { RequireSignIn } from '@/app/guards/require-access';
import { PageSkeleton } from '@/app/layout/page-skeleton';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { ztartagOfPath } from '@/features/profiles/public-profile-path';

// React Router matches whole segments only, so `/{product}-ddf` is recognised here.
const DDF_PATH = /^\/([a-z]+)-ddf\/?$/;

/** The product of a `/{product}-ddf` path, or null when the path is not a known product sheet. */
export function ddfProductOf(pathname: string): DdfProduct | null {
  const product = DDF_PATH.exec(pathname)?.[1];
  return isDdfProduct(product) ? product : null;
}

// A product sheet's code (and its contract) loads only when one is opened.
const DdfPage = lazy(async () => ({ default: (await import('@/features/ddf/pages/ddf-page')).DdfPage }));

// The public profile's code loads only when one is opened.
const PublicProfilePage = lazy(async () => ({
  default: (await import('@/features/profiles/pages/public-profile-page')).PublicProfilePage,
}));

/**
 * Every path no other route matched: a public profile `/@<ztartag>` (open to everyone), a
 * product sheet (it shows the person's own figures, so it needs sign-in), or the not-found page
 * (public).
 */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const ztartag = ztartagOfPath(pathname);
  if (ztartag) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <PublicProfilePage key={ztartag} ztartag={ztartag} />
      </Suspense>
    );
  }
  const product = ddfProductOf(pathname);
  if (!product) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <Suspense fallback={<PageSkeleton />}>
        <DdfPage key={product} product={product} />
      </Suspense>
    </RequireSignIn>
  );
}
