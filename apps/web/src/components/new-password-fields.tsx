import { PasswordStrengthHint } from '@/components/password-strength';
import { PasswordField } from '@/components/ui/password-field';

interface NewPasswordFieldsProps {
  labels: { password: string; passwordConfirmation: string };
  hint: string;
  values: { password: string; passwordConfirmation: string };
  errors: { password?: string | undefined; passwordConfirmation?: string | undefined };
  onChange: (field: 'password' | 'passwordConfirmation', value: string) => void;
}

/** A new password with its strength, and its confirmation: sign-up, reset and change share it. */
export function NewPasswordFields({ labels, hint, values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        hint={hint}
        status={<PasswordStrengthHint password={values.password} />}
        value={values.password}
        onChange={(event) => onChange('password', event.target.value)}
        error={errors.password}
      />
      <PasswordField
        label={labels.passwordConfirmation}
        name="passwordConfirmation"
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(event) => onChange('passwordConfirmation', event.target.value)}
        error={errors.passwordConfirmation}
      />
    </>
  );
}
