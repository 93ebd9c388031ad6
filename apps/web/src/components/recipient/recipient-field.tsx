import type { RecipientResponse } from '@ztart/shared/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { VerifiedBadge } from '@/components/verified-badge';
import { useErrorMessage } from '@/hooks/use-error-message';

/** Who the money goes to: photo, name, @tag and whether they are verified. */
export function RecipientCard({ recipient }: { recipient: RecipientResponse }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar name={recipient.displayName} src={recipient.avatarUrl} className="size-12" />
      <div className="flex min-w-0 flex-col items-start gap-0.5">
        <p className="truncate font-semibold">{recipient.displayName}</p>
        {recipient.ztartag ? (
          <p className="truncate text-sm text-muted-foreground">@{recipient.ztartag}</p>
        ) : null}
        <VerifiedBadge verified={recipient.verified} />
      </div>
    </div>
  );
}

export interface RecipientLookupState {
  /** Still typing, or the answer is on its way. */
  searching: boolean;
  recipient: RecipientResponse | null;
  /** Why nobody was found (`recipient_user_not_found`, `recipient_not_found`, `recipient_is_self`...). */
  error: unknown;
}

/** The recipient input with what the lookup found said under it, politely, as the person types. */
export function RecipientField({
  value,
  onValueChange,
  lookup,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  lookup: RecipientLookupState;
  /** A problem of the form itself (empty, not found when continuing); already translated. */
  error?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  const errorMessage = useErrorMessage();
  const typed = value.trim() !== '';
  return (
    <TextField
      label={t('send.recipient')}
      hint={t('send.recipientHint')}
      name="recipient"
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={254}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
      status={
        <div aria-live="polite" className="min-h-6">
          {typed && lookup.searching ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Spinner className="size-4" />
              {t('send.lookingUp')}
            </p>
          ) : null}
          {typed && !lookup.searching && lookup.recipient ? (
            <div className="rounded-lg border p-3">
              <RecipientCard recipient={lookup.recipient} />
            </div>
          ) : null}
          {typed && !lookup.searching && !lookup.recipient && lookup.error && !error ? (
            <p className="text-muted-foreground">{errorMessage(lookup.error)}</p>
          ) : null}
        </div>
      }
    />
  );
}
