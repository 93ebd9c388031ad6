import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs } from '@/components/ui/tabs';
import type { AuditFilters } from '@/features/admin/api/admin-platform';
import { FinancesPanel } from '@/features/admin/components/finances-panel';
import { SystemPanel } from '@/features/admin/components/system-panel';
import { UserDetail } from '@/features/admin/components/user-detail';
import { UserSearch } from '@/features/admin/components/user-search';

const ADMIN_TABS = ['users', 'finances', 'system'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly (string | null)[]).includes(value);
}

/**
 * `/admin` (admins only; the server checks every call): people (search, one person's page and
 * what an admin may change), the platform's finances with a reconciliation, and the system's
 * configuration, outbox and audit log. Where one is, is kept in the address (tab, person, filters).
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: AdminTab = isAdminTab(tabParam) ? tabParam : 'users';
  const userId = params.get('user');
  const q = params.get('q') ?? '';
  const filters: AuditFilters = { actor: params.get('actor') ?? '', action: params.get('action') ?? '' };

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={ShieldCheck} title={t('title')} description={t('description')} />
      <Tabs
        label={t('tabs.label')}
        tabs={ADMIN_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        value={tab}
        onValueChange={(value) => update({ tab: value, user: null })}
      >
        {tab === 'users' ? (
          userId ? (
            <UserDetail id={userId} onBack={() => update({ user: null })} />
          ) : (
            <UserSearch
              q={q}
              onQueryChange={(value) => update({ q: value }, true)}
              onOpen={(id) => update({ user: id })}
            />
          )
        ) : tab === 'finances' ? (
          <FinancesPanel />
        ) : (
          <SystemPanel
            filters={filters}
            onFiltersChange={(next) => update({ actor: next.actor, action: next.action })}
          />
        )}
      </Tabs>
    </div>
  );
}
