import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/features/account/components/section-card';
import { useSignOut } from '@/lib/auth/auth-actions';

/** Signing out of this device (the toasts of spec §8 come with it). */
export function SignOutSection() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const signOut = useSignOut({ leave: () => void navigate('/') });
  return (
    <SectionCard icon={LogOut} title={t('signOut.title')} description={t('signOut.description')}>
      <Button
        variant="outline"
        className="self-start"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" />
        {t('signOut.action')}
      </Button>
    </SectionCard>
  );
}
