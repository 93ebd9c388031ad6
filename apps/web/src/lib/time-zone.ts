import { isTimeZone } from '@ztart/shared/time-zones';

/** This device's IANA time zone, or undefined when the browser gives none the app knows. */
export function deviceTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** The zones a person may choose from, their own first if the list lacks it. */
export function timeZoneChoices(current: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [current];
  const zones = supported.includes('UTC') ? supported : ['UTC', ...supported];
  return zones.includes(current) ? zones : [current, ...zones];
}
