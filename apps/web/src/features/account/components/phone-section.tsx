import { phoneStartRequestSchema, phoneVerifyRequestSchema } from '@ztart/shared/contracts/auth';
import { cleanPhone } from '@ztart/shared/patterns';
import { Phone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { VerifiedBadge } from '@/components/verified-badge';
import { usePhoneStart, usePhoneVerify } from '@/features/account/api/phone';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import type { SessionUser } from '@/lib/auth/auth-context';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

/** A refused code: 400 `invalid_token` with `details.reason` `wrong_code` (and attempts left) or `expired`. */
function isCodeRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'invalid_token';
}

function codeErrorKey(error: ApiError): string {
  return error.details?.reason === 'wrong_code' ? 'account:phone.wrongCode' : 'account:phone.codeExpired';
}

function attemptsLeftOf(error: ApiError): number | null {
  const attemptsLeft = error.details?.attemptsLeft;
  return typeof attemptsLeft === 'number' ? attemptsLeft : null;
}

type Step = { name: 'show' } | { name: 'number' } | { name: 'code'; phone: string };

/**
 * The phone number, verified or not, and (re)verifying one: the number in international format
 * (+1234567890), then the 6-digit code sent to it by SMS.
 */
export function PhoneSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>({ name: 'show' });
  return (
    <SectionCard icon={Phone} title={t('phone.title')} description={t('phone.description')}>
      {user.phone ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium tabular-nums">{user.phone}</span>
          <VerifiedBadge verified={user.phoneVerified} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('phone.none')}</p>
      )}
      {step.name === 'show' ? (
        <Button variant="outline" className="self-start" onClick={() => setStep({ name: 'number' })}>
          {user.phone ? (user.phoneVerified ? t('phone.change') : t('phone.verify')) : t('phone.add')}
        </Button>
      ) : null}
      {step.name === 'number' ? (
        <PhoneNumberForm
          initial={user.phone ?? ''}
          onSent={(phone) => setStep({ name: 'code', phone })}
          onCancel={() => setStep({ name: 'show' })}
        />
      ) : null}
      {step.name === 'code' ? (
        <PhoneCodeForm
          phone={step.phone}
          onVerified={() => setStep({ name: 'show' })}
          onChangeNumber={() => setStep({ name: 'number' })}
        />
      ) : null}
    </SectionCard>
  );
}

function PhoneNumberForm({
  initial,
  onSent,
  onCancel,
}: {
  initial: string;
  onSent: (phone: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const start = usePhoneStart();
  const { formRef, errors, showErrors, clearError } = useFormErrors<'phone'>();
  const [phone, setPhone] = useState(initial);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(phoneStartRequestSchema, { phone: cleanPhone(phone) });
    if (!result.success) return showErrors(result.errors);
    start.mutate(result.data, {
      onSuccess: () => onSent(result.data.phone),
      onError: (error) => {
        const fieldErrors = fieldErrorsFromApiError(error);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('phone.number')}
        type="tel"
        name="phone"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+1234567890"
        hint={t('phone.numberHint')}
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          clearError('phone');
        }}
        error={fieldMessage(errors.phone)}
      />
      {start.isError && !fieldErrorsFromApiError(start.error) ? (
        <FormAlert>{failureMessage(start.error, 'profile_update_failed')}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('phone.sending') : t('phone.sendCode')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PhoneCodeForm({
  phone,
  onVerified,
  onChangeNumber,
}: {
  phone: string;
  onVerified: () => void;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const verify = usePhoneVerify();
  const resend = usePhoneStart();
  const { formRef, errors, showErrors, clearError } = useFormErrors<'code'>();
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(phoneVerifyRequestSchema, { code: code.trim() });
    if (!result.success) return showErrors(result.errors);
    verify.mutate(result.data, {
      onSuccess: () => {
        toast({ title: t('phone.verified'), variant: 'success' });
        onVerified();
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsFromApiError(error);
        if (fieldErrors) showErrors(fieldErrors);
        else if (isCodeRefused(error)) showErrors({ code: codeErrorKey(error) });
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {resend.isSuccess ? t('phone.resent', { phone }) : t('phone.codeSent', { phone })}
      </p>
      <TextField
        label={t('phone.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        className="max-w-40 tracking-[0.3em] tabular-nums"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          clearError('code');
        }}
        error={fieldMessage(errors.code)}
      />
      {verify.isError && isCodeRefused(verify.error) && attemptsLeftOf(verify.error) !== null ? (
        <p className="text-sm text-muted-foreground">
          {t('phone.attemptsLeft', { count: attemptsLeftOf(verify.error) })}
        </p>
      ) : null}
      {verify.isError && !isCodeRefused(verify.error) && !fieldErrorsFromApiError(verify.error) ? (
        <FormAlert>{failureMessage(verify.error, 'profile_update_failed')}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t('phone.verifying') : t('phone.confirm')}
        </Button>
        <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ phone })}>
          {t('phone.resend')}
        </Button>
        <Button variant="ghost" onClick={onChangeNumber}>
          {t('phone.changeNumber')}
        </Button>
      </div>
    </form>
  );
}
