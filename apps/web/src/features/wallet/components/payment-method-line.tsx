import { isCardExpired } from '@ztart/shared/cards';
import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { CreditCard, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CARD_BRAND_NAMES, formatExpiry } from '@/features/wallet/brands';
import { countryName } from '@/features/wallet/countries';

/** "Visa •••• 4242", "Bank account •••• 1547": how a method is named everywhere in the app. */
export function usePaymentMethodName(): (method: Pick<PaymentMethod, 'type' | 'brand' | 'last4'>) => string {
  const { t } = useTranslation('wallet');
  return (method) =>
    method.type === 'card'
      ? t('methods.cardName', {
          brand: method.brand ? CARD_BRAND_NAMES[method.brand] : t('methods.card'),
          last4: method.last4,
        })
      : t('methods.bankName', { last4: method.last4 });
}

/** The second line: the expiry of a card, the country or US routing of a bank account, the holder. */
function useDetails(): (method: PaymentMethod, now: Date) => { text: string; expired: boolean } {
  const { t, i18n } = useTranslation('wallet');
  return (method, now) => {
    if (method.type === 'card' && method.expMonth !== null && method.expYear !== null) {
      const expired = isCardExpired(method.expMonth, method.expYear, now);
      const expiry = formatExpiry(method.expMonth, method.expYear);
      return {
        text: `${expired ? t('methods.expired', { expiry }) : t('methods.expires', { expiry })} · ${method.holderName}`,
        expired,
      };
    }
    const where =
      method.bankAccountKind === 'iban' && method.country
        ? `IBAN · ${countryName(method.country, i18n.language)}`
        : t('methods.usAccount');
    return { text: `${where} · ${method.holderName}`, expired: false };
  };
}

/** One card or bank account: icon, name, details, the default badge and whatever actions the caller adds. */
export function PaymentMethodLine({
  method,
  now = new Date(),
  actions,
}: {
  method: PaymentMethod;
  now?: Date;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const name = usePaymentMethodName();
  const details = useDetails()(method, now);
  const Icon = method.type === 'card' ? CreditCard : Landmark;
  return (
    <div className="flex flex-wrap items-center gap-3 py-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      {/* Wide enough for the name: on a phone the actions go under it rather than squeeze it. */}
      <div className="flex min-w-48 flex-1 flex-col">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name(method)}</span>
          {method.isDefault ? <Badge variant="brand">{t('methods.default')}</Badge> : null}
          {details.expired ? <Badge>{t('methods.expiredBadge')}</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{details.text}</p>
      </div>
      {actions ? <div className="-mr-2 ml-auto flex flex-wrap gap-1">{actions}</div> : null}
    </div>
  );
}
