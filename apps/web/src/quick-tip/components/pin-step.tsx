import { PIN_PATTERN } from '@ztart/shared/patterns';
import { type FormEvent, type Ref, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { RequestError, verifyPin } from '../api.ts';
import type { Attempt } from '../form.ts';
import { useI18n } from '../i18n.ts';
import type { MessageKey } from '../messages/en.ts';

/** Why the PIN did not unlock, in our words. */
function pinErrorOf(error: unknown): { key: MessageKey; vars?: Record<string, number> } {
  if (!(error instanceof RequestError)) return { key: 'error.generic' };
  switch (error.code) {
    case 'pin_invalid': {
      const attemptsLeft = error.details.attemptsLeft;
      return Number.isSafeInteger(attemptsLeft)
        ? { key: 'pin.attemptsLeft', vars: { count: attemptsLeft as number } }
        : { key: 'pin.invalid' };
    }
    case 'pin_locked':
      return { key: 'pin.locked' };
    case 'pin_not_set':
      return { key: 'pin.notSet' };
    case 'network_error':
      return { key: 'error.network_error' };
    case 'offline':
      return { key: 'error.offline' };
    case 'rate_limited':
      return { key: 'error.rate_limited' };
    default:
      return { key: 'error.generic' };
  }
}

/**
 * The server asked for the PIN (a payment above the no-PIN limit from the balance): it unlocks
 * the session for a few minutes, then the same tip goes again with the same key.
 */
export function PinStep({
  headingRef,
  attempt,
  noPinMaxMinor,
  sending,
  onVerified,
  onCancel,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  attempt: Attempt;
  noPinMaxMinor: number | null;
  sending: boolean;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t, money } = useI18n();
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const busy = checking || sending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setError(t('pin.format'));
      return;
    }
    setChecking(true);
    setError(undefined);
    try {
      await verifyPin(pin);
      onVerified();
    } catch (failure) {
      const { key, vars } = pinErrorOf(failure);
      setError(t(key, vars));
      setPin('');
    } finally {
      setChecking(false);
    }
  };

  return (
    <section data-testid="pin-step" className="flex flex-col gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('pin.title')}
      </h2>
      {noPinMaxMinor !== null ? (
        <p className="text-sm text-muted-foreground">
          {t('pin.body', { amount: money(noPinMaxMinor, attempt.request.currency) })}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field label={t('pin.label')} error={error}>
          {(control) => (
            <input
              {...control}
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={pin}
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
              className={`${INPUT_CLASS} tracking-[0.5em]`}
            />
          )}
        </Field>
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {checking ? t('pin.checking') : sending ? t('confirm.sending') : ''}
        </p>
        <Button type="submit" size="lg" variant="brand" className="w-full" disabled={busy}>
          {t('pin.submit')}
        </Button>
        <Button size="lg" variant="ghost" className="w-full" disabled={busy} onClick={onCancel}>
          {t('pin.cancel')}
        </Button>
      </form>
    </section>
  );
}
