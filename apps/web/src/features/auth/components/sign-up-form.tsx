import { languageFromTag } from '@ztart/shared/languages';
import { normalizeZtartag } from '@ztart/shared/patterns';
import { MailCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ZtartagField } from '@/components/ztartag-field';
import { signUpSchema } from '@/features/auth/auth-schemas';
import { LegalLink } from '@/features/auth/components/legal-dialog';
import { ResendVerification } from '@/features/auth/components/resend-verification';
import { useSignUp } from '@/lib/auth/auth-actions';
import { type FieldErrors, fieldErrorsFromApiError, withMatchCheck } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';
import { deviceTimeZone } from '@/lib/time-zone';
import { fetchZtartagSuggestion, useZtartagAvailability } from '@/lib/ztartags';

type Field = 'email' | 'password' | 'passwordConfirmation' | 'ztartag' | 'acceptTerms' | 'acceptPrivacy';

interface Values {
  email: string;
  password: string;
  passwordConfirmation: string;
  ztartag: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

const EMPTY: Values = {
  email: '',
  password: '',
  passwordConfirmation: '',
  ztartag: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

/**
 * Email, a password of at least 8 (with a strength hint) and its confirmation, a ztartag
 * checked live (prefilled with a suggestion from the email) and the terms and privacy boxes.
 * The answer is the same whether or not the email is registered: "check your inbox".
 */
export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { t, i18n } = useTranslation(['auth', 'account']);
  const fieldMessage = useFieldMessage();
  const signUp = useSignUp();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Once the person types a ztartag of their own, suggestions no longer replace it.
  const ztartagEdited = useRef(false);
  const availability = useZtartagAvailability(values.ztartag);

  const change = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const suggestZtartag = async () => {
    const email = values.email.trim();
    if (ztartagEdited.current || values.ztartag !== '' || !email.includes('@')) return;
    try {
      const suggestion = await fetchZtartagSuggestion(email);
      if (suggestion && !ztartagEdited.current) setValues((current) => ({ ...current, ztartag: suggestion }));
    } catch {
      // A suggestion is a courtesy: without one, the field stays empty.
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const tag = normalizeZtartag(values.ztartag);
    const result = await signUpSchema.validate({
      ...values,
      ztartag: tag === '' ? undefined : tag,
      language: languageFromTag(i18n.resolvedLanguage ?? i18n.language),
      timeZone: deviceTimeZone(),
    });
    let fieldErrors: FieldErrors<Field> = result.success ? {} : result.errors;
    fieldErrors = withMatchCheck(
      fieldErrors,
      values.password,
      values.passwordConfirmation,
      'passwordConfirmation',
      'validation:passwordsDoNotMatch',
    );
    if (availability === 'taken' && fieldErrors.ztartag === undefined) {
      fieldErrors = { ...fieldErrors, ztartag: 'errors:ztartag_taken' };
    }
    if (!result.success || Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors);
    signUp.mutate(result.data, {
      onSuccess: () => setSentTo(result.data.email),
      onError: (error) => {
        const apiFieldErrors = fieldErrorsFromApiError(error, { ztartag_taken: 'ztartag' });
        if (apiFieldErrors) showErrors(apiFieldErrors);
      },
    });
  };

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert variant="success">
          <p className="flex items-center gap-2 font-semibold">
            <MailCheck aria-hidden="true" className="size-4" />
            {t('auth:signUp.sentTitle')}
          </p>
          <p>{t('auth:signUp.sent', { email: sentTo })}</p>
        </FormAlert>
        <ResendVerification email={sentTo} />
        <Button variant="primary" size="lg" onClick={onSignIn}>
          {t('auth:signUp.toSignIn')}
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={signUpSchema.preload}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('auth:fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        onBlur={() => void suggestZtartag()}
        error={fieldMessage(errors.email)}
      />
      <NewPasswordFields
        labels={{
          password: t('auth:fields.newPassword'),
          passwordConfirmation: t('auth:fields.passwordConfirmation'),
        }}
        hint={t('auth:signUp.passwordHint')}
        values={values}
        errors={{
          password: fieldMessage(errors.password),
          passwordConfirmation: fieldMessage(errors.passwordConfirmation),
        }}
        onChange={change}
      />
      <ZtartagField
        label={t('auth:fields.ztartagOptional')}
        name="ztartag"
        value={values.ztartag}
        onValueChange={(value) => {
          ztartagEdited.current = true;
          change('ztartag', value);
        }}
        availability={availability}
        error={fieldMessage(errors.ztartag)}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{t('auth:signUp.agreements')}</legend>
        <CheckboxField
          label={t('auth:signUp.acceptTerms')}
          name="acceptTerms"
          checked={values.acceptTerms}
          onChange={(event) => change('acceptTerms', event.target.checked)}
          extra={<LegalLink document="terms" />}
          error={fieldMessage(errors.acceptTerms)}
        />
        <CheckboxField
          label={t('auth:signUp.acceptPrivacy')}
          name="acceptPrivacy"
          checked={values.acceptPrivacy}
          onChange={(event) => change('acceptPrivacy', event.target.checked)}
          extra={<LegalLink document="privacy" />}
          error={fieldMessage(errors.acceptPrivacy)}
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        <UserPlus aria-hidden="true" />
        {signUp.isPending ? t('auth:signUp.submitting') : t('auth:signUp.submit')}
      </Button>
    </form>
  );
}
