import type { AdminUserSummary } from '@ztart/shared/contracts/admin';
import { Search, UserRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '@/components/load-more';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field';
import { useAdminUsers } from '@/features/admin/api/admin-users';
import { QueryState } from '@/features/admin/components/query-states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';

const SEARCH_DELAY_MS = 300;

/** Users tab: a search over email, name and ztartag, newest first, each person opening their page. */
export function UserSearch({
  q,
  onQueryChange,
  onOpen,
}: {
  q: string;
  onQueryChange: (q: string) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const debounced = useDebouncedValue(q.trim(), SEARCH_DELAY_MS);
  const query = useAdminUsers(debounced);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t('users.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            value={q}
            maxLength={254}
            autoComplete="off"
            placeholder={t('users.searchPlaceholder')}
            onChange={(event) => onQueryChange(event.target.value)}
            className={cn(INPUT_CLASS, 'pl-9')}
          />
        </div>
      </div>
      <QueryState query={query} loadingLabel={t('users.loading')}>
        {() => {
          const items = query.data?.pages.flatMap((page) => page.items) ?? [];
          if (items.length === 0)
            return (
              <p
                data-testid="admin-users-empty"
                className="rounded-xl border border-dashed p-6 text-center text-muted-foreground"
              >
                {debounced ? t('users.noMatch', { q: debounced }) : t('users.empty')}
              </p>
            );
          return (
            <>
              <ul
                className="flex flex-col divide-y rounded-xl border bg-card"
                aria-label={t('users.listLabel')}
              >
                {items.map((user) => (
                  <UserRow key={user.id} user={user} onOpen={onOpen} />
                ))}
              </ul>
              <LoadMore
                query={query}
                labels={{
                  loadMore: t('actions.loadMore'),
                  loadingMore: t('users.loading'),
                  retry: t('actions.retry'),
                  end: null,
                }}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function UserRow({ user, onOpen }: { user: AdminUserSummary; onOpen: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const name = user.fullName || (user.ztartag ? `@${user.ztartag}` : user.email);
  return (
    <li data-testid="admin-user-row" className="flex flex-wrap items-center gap-3 p-3">
      <UserRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-sm text-muted-foreground">{user.email}</span>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge>{t(`roles.${user.role}`)}</Badge>
        <Badge variant="brand">{t(`levels.${user.userLevel}`)}</Badge>
        {user.suspended ? (
          <Badge className="bg-destructive/10 text-destructive">{t('users.suspended')}</Badge>
        ) : null}
      </div>
      <Button variant="outline" onClick={() => onOpen(user.id)} aria-label={t('users.openNamed', { name })}>
        {t('users.open')}
      </Button>
    </li>
  );
}
