import { useTranslation } from 'react-i18next';
import { StepHeading } from '@/components/money-flow/step-heading';
import { EnterPinForm } from '@/components/pin-forms';
import { useVerifyPin } from '@/lib/pin';

/**
 * The PIN step every money flow shares: what is about to move and to whom, the PIN, and then that
 * it is being sent (the form gives way so the PIN cannot be sent twice).
 */
export function MoneyPinStep({
  body,
  submitLabel,
  sendingLabel,
  sending,
  onVerified,
  onBack,
}: {
  body: string;
  submitLabel: string;
  sendingLabel: string;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const verify = useVerifyPin();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('send.pinTitle')}</StepHeading>
      <p className="text-sm text-muted-foreground">{body}</p>
      {sending ? (
        <p role="status" className="text-sm">
          {sendingLabel}
        </p>
      ) : (
        <EnterPinForm
          mutation={verify}
          label={t('send.pinLabel')}
          submitLabel={submitLabel}
          onDone={onVerified}
          onCancel={onBack}
        />
      )}
    </div>
  );
}
