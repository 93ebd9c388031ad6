import { CURRENCIES, type Currency, isCurrency } from '@ztart/shared/money';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';

/** One `Intl.DisplayNames` per language: creating one costs far more than asking it. */
const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The currency's name in the person's language ("US dollar", "dólar estadounidense"). */
export function currencyName(currency: Currency, locale: string): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names?.of(currency) ?? currency;
}

export interface CurrencySelectProps {
  label: string;
  value: Currency;
  onValueChange: (currency: Currency) => void;
  /** Limit the choice (the currencies a wallet holds); every currency by default. */
  currencies?: readonly Currency[];
  disabled?: boolean;
  className?: string;
  id?: string;
}

/** A native select of the currencies we support, each with its code and its name. */
export function CurrencySelect({
  label,
  value,
  onValueChange,
  currencies = CURRENCIES,
  disabled,
  className,
  id,
}: CurrencySelectProps) {
  const { i18n } = useTranslation();
  return (
    <Select
      id={id}
      label={label}
      value={value}
      disabled={disabled}
      className={className}
      onChange={(event) => {
        if (isCurrency(event.target.value)) onValueChange(event.target.value);
      }}
    >
      {currencies.map((currency) => (
        <option key={currency} value={currency}>
          {currency} · {currencyName(currency, i18n.language)}
        </option>
      ))}
    </Select>
  );
}
