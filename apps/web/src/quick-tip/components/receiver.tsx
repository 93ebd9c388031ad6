import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { useI18n } from '../i18n.ts';

/** Who is being tipped: photo, name and ztartag, as the page's h1. Compact once the form is done. */
export function ReceiverHeading({ profile, compact }: { profile: QuickTipProfile; compact: boolean }) {
  const { t } = useI18n();
  const name = profile.fullName || `@${profile.ztartag}`;
  return (
    <div
      data-testid="receiver"
      className={cn('flex items-center gap-3', compact ? 'mb-4' : 'mb-6 flex-col text-center')}
    >
      <Avatar
        name={profile.fullName || profile.ztartag}
        src={profile.avatarUrl}
        className={compact ? 'size-12' : 'size-20 text-xl'}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <h1
          data-testid="screen-title"
          className={cn('font-semibold text-balance break-words', compact ? 'text-lg' : 'text-2xl')}
        >
          {t('page.tipTitle', { name })}
        </h1>
        <p className="text-muted-foreground">@{profile.ztartag}</p>
      </div>
    </div>
  );
}
