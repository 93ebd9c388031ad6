/**
 * Billing countries offered first-hand: where our users are (the Americas, Europe) plus the
 * countries of the IBANs we check. ISO 3166-1 alpha-2; their names come from Intl.
 */
export const BILLING_COUNTRIES = [
  'AR',
  'AT',
  'AU',
  'BE',
  'BG',
  'BO',
  'BR',
  'CA',
  'CH',
  'CL',
  'CO',
  'CR',
  'CY',
  'CZ',
  'DE',
  'DK',
  'DO',
  'EC',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'GT',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'JP',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'MX',
  'NL',
  'NO',
  'NZ',
  'PA',
  'PE',
  'PL',
  'PR',
  'PT',
  'PY',
  'RO',
  'SE',
  'SI',
  'SK',
  'SV',
  'US',
  'UY',
  'VE',
] as const;

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries sorted by their name in the person's language. */
export function sortedCountries(locale: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return BILLING_COUNTRIES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** A sensible first choice: the region of the browser's language ("pt-BR" → BR), else US. */
export function defaultCountry(languages: readonly string[] = navigator.languages ?? []): string {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && (BILLING_COUNTRIES as readonly string[]).includes(region)) return region;
  }
  return 'US';
}
