import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters
    .map((part) => part?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Header corner: a sign-in link when signed out, the user's initials (to the profile) when signed in. */
export function AccountLink() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === 'loading') return <Skeleton className="size-11 rounded-full" />;
  if (auth.status === 'signedOut') {
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
  const name = auth.profile?.full_name || auth.profile?.ztartag || auth.user.email || '?';
  return (
    <Link
      to="/profile"
      aria-label={t('yourProfile')}
      className="inline-flex size-11 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-soft-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {initialsOf(name)}
    </Link>
  );
}
