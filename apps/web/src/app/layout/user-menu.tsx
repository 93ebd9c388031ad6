import { ChevronDown, LogOut, User, UserCog } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '@/app/layout/language-switcher';
import { ThemeSwitcher } from '@/app/layout/theme-switcher';
import { Avatar } from '@/components/ui/avatar';
import { useSignOut } from '@/lib/auth/auth-actions';
import { displayNameOf, type SignedInAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';

const MENU_ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium hover:bg-accent ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-50';

/** A disclosure menu: the button says whether it is open; Escape and a click outside close it. */
export function UserMenu({ auth }: { auth: SignedInAuth }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useSignOut({ leave: () => void navigate('/') });
  const name = displayNameOf(auth);

  // Close when the route changes (a link of the menu was followed, or the browser went back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // A click outside, or tabbing out of the menu, closes it.
    const closeIfOutside = (event: Event) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:pr-3"
      >
        <Avatar name={name} src={auth.profile?.avatarUrl} className="size-9" />
        <span className="max-w-36 truncate text-sm font-medium max-sm:sr-only">{name}</span>
        <span className="sr-only">{t('userMenu.label')}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'hidden size-4 text-muted-foreground transition-transform sm:block',
            open && 'rotate-180',
          )}
        />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute top-full right-0 z-40 mt-2 w-60 rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <p className="truncate px-3 pt-2 pb-1 text-xs text-muted-foreground">{auth.user.email}</p>
          <ul className="flex flex-col">
            <li>
              <Link to="/profile" className={MENU_ITEM}>
                <User aria-hidden="true" className="size-4 text-muted-foreground" />
                {t('userMenu.profile')}
              </Link>
            </li>
            <li>
              <Link to="/account" className={MENU_ITEM}>
                <UserCog aria-hidden="true" className="size-4 text-muted-foreground" />
                {t('userMenu.account')}
              </Link>
            </li>
            {/* On a phone the header has no room for them: language and theme live here too. */}
            <li className="mt-1 flex flex-col gap-2 border-t px-3 pt-2 pb-1 sm:hidden">
              <LanguageSwitcher hideLabel={false} />
              <ThemeSwitcher hideLabel={false} />
            </li>
            {/* A demo user leaves through the demo banner's "Exit demo". */}
            {auth.demo ? null : (
              <li className="mt-1 border-t pt-1">
                <button
                  type="button"
                  className={MENU_ITEM}
                  disabled={signOut.isPending}
                  onClick={() => signOut.mutate()}
                >
                  <LogOut aria-hidden="true" className="size-4 text-muted-foreground" />
                  {t('userMenu.signOut')}
                </button>
              </li>
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
