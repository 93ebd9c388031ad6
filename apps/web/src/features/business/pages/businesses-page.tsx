import { Building, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BusinessList } from '@/features/business/components/business-list';
import { businessPath } from '@/features/business/components/business-picker';
import { CreateBusinessForm } from '@/features/business/components/create-business-form';
import { InvitationsPanel } from '@/features/business/components/invitations-panel';
import { PLANS_HASH, PlansPanel } from '@/features/business/components/plans-panel';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * `/businesses`: invitations waiting for an answer, the businesses the person owns or belongs to,
 * creating one, and the plans (a business needs the Business or Enterprise plan).
 */
export function BusinessesPage() {
  const { t } = useTranslation('business');
  const auth = useAuth();
  const navigate = useNavigate();
  const { hash, key: visit } = useLocation();
  const [creating, setCreating] = useState(false);
  // "See the plans" from the create dialog leads to this very page: the dialog gives way to the plans.
  useEffect(() => {
    if (visit && hash === PLANS_HASH) setCreating(false);
  }, [visit, hash]);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader icon={Building} title={t('title')} description={t('description')}>
        <Button className="self-start" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('create.open')}
        </Button>
      </PageHeader>
      <InvitationsPanel />
      <BusinessList userId={auth.user?.id ?? ''} onCreate={() => setCreating(true)} />
      <PlansPanel />
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('create.title')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {creating ? (
          <CreateBusinessForm
            onDone={(business) => {
              setCreating(false);
              void navigate(businessPath('/business-admin', business.id));
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
