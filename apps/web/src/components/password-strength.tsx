import { PASSWORD_MIN_LENGTH } from '@ztart/shared/patterns';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'good' | 'strong';

/**
 * A rough guide, not a rule: length counts most, then variety. Only the minimum length of
 * spec §5 is enforced (by the shared schema).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = kinds + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (score <= 1) return 'weak';
  if (score <= 2) return 'fair';
  if (score <= 4) return 'good';
  return 'strong';
}

const FILLED: Record<PasswordStrength, number> = { tooShort: 0, weak: 1, fair: 2, good: 3, strong: 4 };
const COLOUR: Record<PasswordStrength, string> = {
  tooShort: 'bg-muted',
  weak: 'bg-destructive',
  fair: 'bg-amber-500',
  good: 'bg-brand',
  strong: 'bg-brand',
};

/** The meter under a new password: four bars (decorative) and the strength in words. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation('common');
  if (password === '') return null;
  const strength = passwordStrength(password);
  return (
    <div className="flex flex-col gap-1.5">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn('h-1.5 rounded-full', bar <= FILLED[strength] ? COLOUR[strength] : 'bg-muted')}
          />
        ))}
      </div>
      <p className="text-muted-foreground">{t(`passwordStrength.${strength}`)}</p>
    </div>
  );
}
