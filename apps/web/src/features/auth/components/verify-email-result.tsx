import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { emailSchema } from '@/features/auth/auth-schemas';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';
import { useFieldMessage } from '@/lib/forms/use-field-message';

const REFUSAL_REASONS = ['invalid', 'used', 'expired', 'email_taken'] as const;
type RefusalReason = (typeof REFUSAL_REASONS)[number];

function isRefusalReason(value: unknown): value is RefusalReason {
  return (REFUSAL_REASONS as readonly unknown[]).includes(value);
}

/**
 * What a verification link opens: the email is verified at once, then the result. A signed-in
 * person (a changed email) sees their account refreshed; anyone else is invited to sign in.
 */
export function VerifyEmailResult({
  token,
  onSignIn,
  back,
}: {
  token: string;
  onSignIn: () => void;
  /** The way back to sign-in, shown until the email is verified (then "Sign in" takes its place). */
  back?: ReactNode;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const verify = useVerifyEmail(token);

  useEffect(() => {
    if (verify.isSuccess) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [verify.isSuccess, queryClient]);

  if (token === '') {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert>{t('errors:invalid_token')}</FormAlert>
        <ResendForm />
        {back}
      </div>
    );
  }
  if (verify.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('auth:verify.checking')}</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-11 w-full" />
        {back}
      </div>
    );
  }
  if (verify.isError) {
    const reason = verify.error instanceof ApiError ? verify.error.details?.reason : undefined;
    return (
      <div className="flex flex-col gap-4">
        <FormAlert>
          {isRefusalReason(reason) ? t(`auth:verify.refused.${reason}`) : errorMessage(verify.error)}
        </FormAlert>
        <ResendForm />
        {back}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <FormAlert variant="success">
        <p className="font-semibold">{t('auth:verify.doneTitle')}</p>
        <p>
          {verify.data.purpose === 'change_email'
            ? t('auth:verify.emailChanged')
            : auth.status === 'signedIn'
              ? t('auth:verify.doneSignedIn')
              : t('auth:verify.done')}
        </p>
      </FormAlert>
      {auth.status === 'signedIn' ? (
        <Link to="/account?tab=profile" className={buttonVariants({ size: 'lg' })}>
          {t('auth:verify.toAccount')}
        </Link>
      ) : (
        <Button size="lg" onClick={onSignIn}>
          {t('auth:verify.toSignIn')}
        </Button>
      )}
    </div>
  );
}

/** A link that failed: ask for a new one with the address (the same answer for any address). */
function ResendForm() {
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const resend = useResendVerification();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await emailSchema.validate({ email });
    if (!result.success) return setError(result.errors.email);
    resend.mutate(result.data);
  };

  if (resend.isSuccess) {
    return <FormAlert variant="success">{t('resend.sent', { email: resend.variables.email })}</FormAlert>;
  }
  return (
    <form noValidate onSubmit={onSubmit} onFocus={emailSchema.preload} className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('verify.askAgain')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={fieldMessage(error)}
      />
      {resend.isError ? <FormAlert>{errorMessage(resend.error)}</FormAlert> : null}
      <Button type="submit" variant="outline" disabled={resend.isPending}>
        {resend.isPending ? t('resend.sending') : t('resend.action')}
      </Button>
    </form>
  );
}
