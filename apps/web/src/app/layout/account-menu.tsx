import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';

// Only signed-in people download the menu (and signing out): the quick tip's anonymous visitors don't.
const UserMenu = lazy(() => import('@/app/layout/user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * The header's account corner: a sign-in link when signed out; when signed in, the person's
 * photo and name opening a menu with their profile, their account and signing out.
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === 'loading') return <Skeleton className="size-11 rounded-full" />;
  if (auth.status === 'signedIn') {
    return (
      <Suspense fallback={<Skeleton className="size-11 rounded-full" />}>
        <UserMenu auth={auth} />
      </Suspense>
    );
  }
  // On the sign-in page itself, a sign-in link would only lead back here.
  if (pathname === '/auth') return null;
  return (
    <Link
      to="/auth"
      className={buttonVariants({ variant: 'primary', className: 'max-sm:size-11 max-sm:px-0' })}
    >
      <LogIn aria-hidden="true" />
      <span className="max-sm:sr-only">{t('signIn')}</span>
    </Link>
  );
}
