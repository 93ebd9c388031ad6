import { AccountMenu } from '@/app/layout/account-menu';
import { AssistantButton } from '@/app/layout/assistant-button';
import { BrandLink } from '@/app/layout/brand-link';
import { LanguageSwitcher } from '@/app/layout/language-switcher';
import { NotificationBell } from '@/app/layout/notification-bell';
import { ThemeSwitcher } from '@/app/layout/theme-switcher';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';

/**
 * The top bar of every screen: the brand (hidden next to the desktop sidebar, which shows its
 * own), the language and theme switchers, the assistant (its panel, or the help assistant for
 * someone signed out), the notification bell and the account corner. On a phone, someone signed in
 * finds language and theme in the account menu (and the account's Preferences) instead: the bar
 * keeps room for the brand and their photo.
 */
export function AppHeader({ withSidebar = false }: { withSidebar?: boolean }) {
  const auth = useAuth();
  const switchersInMenu = auth.status === 'signedIn';
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3 sm:px-6 lg:px-8">
        <div className={cn(withSidebar && 'lg:hidden')}>
          <BrandLink compact />
        </div>
        <div className="ml-auto flex items-center gap-2">
          <div className={cn('flex items-center gap-2', switchersInMenu && 'max-sm:hidden')}>
            <LanguageSwitcher />
            <ThemeSwitcher />
          </div>
          <AssistantButton />
          <NotificationBell />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
