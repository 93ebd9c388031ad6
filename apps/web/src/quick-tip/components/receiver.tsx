import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { useI18n } from '../i18n.ts';

/** A business's colour, only when it is the plain `#rrggbb` the server keeps (never any other CSS). */
function brandColorOf(profile: QuickTipProfile): string | undefined {
  const color = profile.business?.brandColor;
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
}

/**
 * Who is being tipped: photo, name and ztartag, as the page's h1. Compact once the form is done.
 * A business shows its own branding: its logo, a band of its colour and its message.
 */
export function ReceiverHeading({ profile, compact }: { profile: QuickTipProfile; compact: boolean }) {
  const { t, money } = useI18n();
  const business = profile.business ?? null;
  const name = business?.name || profile.fullName || `@${profile.ztartag}`;
  const brandColor = brandColorOf(profile);
  return (
    <div
      data-testid="receiver"
      className={cn('flex items-center gap-3', compact ? 'mb-4' : 'mb-6 flex-col text-center')}
    >
      {brandColor && !compact ? (
        <span
          aria-hidden="true"
          data-testid="brand-band"
          className="h-1.5 w-16 rounded-full"
          style={{ backgroundColor: brandColor }}
        />
      ) : null}
      <Avatar
        name={name}
        src={business ? business.logoUrl : profile.avatarUrl}
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
        {business?.message && !compact ? (
          <p data-testid="business-message" className="mt-2 text-pretty whitespace-pre-line">
            {business.message}
          </p>
        ) : null}
        {business?.minimumTipMinor && !compact ? (
          <p data-testid="business-minimum-tip" className="text-sm text-muted-foreground">
            {t('business.minimumTip', { min: money(business.minimumTipMinor, profile.currency) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
