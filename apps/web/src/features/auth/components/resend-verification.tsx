import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { useErrorMessage } from '@/hooks/use-error-message';

/** "Resend verification email" for an address, and what happened (the same words for any address). */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return <FormAlert variant="success">{t('resend.sent', { email })}</FormAlert>;
  }
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
        <Mail aria-hidden="true" />
        {resend.isPending ? t('resend.sending') : t('resend.action')}
      </Button>
      {resend.isError ? <FormAlert>{errorMessage(resend.error)}</FormAlert> : null}
    </div>
  );
}
