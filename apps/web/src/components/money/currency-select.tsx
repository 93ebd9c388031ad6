import { CURRENCIES, type Currency, isCurrency } from '@ztart/shared/money';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';

/**
 * The currency's name in the person's language ("US dollar", "dólar estadounidense"), from the
 * common catalogue. Not `Intl.DisplayNames`: its first use loads the language's currency names,
 * one long task on a phone that held the wallet's first render (decision 0060).
 */
export function useCurrencyName(): (currency: Currency) => string {
  const { t } = useTranslation('common');
  return (currency) => t(`currencyNames.${currency}`);
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
  const currencyName = useCurrencyName();
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
          {currency} · {currencyName(currency)}
        </option>
      ))}
    </Select>
  );
}
