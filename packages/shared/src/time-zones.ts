/** IANA time zones as the runtime knows them (dynamic QR time windows, profile settings). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = hourFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    } catch {
      return null;
    }
    hourFormats.set(timeZone, format);
  }
  return format;
}

/** Where a person's time zone is unknown (older accounts, runtimes without one): months and days are UTC's. */
export const DEFAULT_TIME_ZONE = 'UTC';

export function isTimeZone(timeZone: string): boolean {
  return hourFormatOf(timeZone) !== null;
}

/** The wall-clock hour (0-23) at `now` in the zone; null for a zone the runtime does not know. */
export function localHour(now: Date, timeZone: string): number | null {
  const hour = hourFormatOf(timeZone)
    ?.formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  if (hour === undefined) return null;
  // Some runtimes print midnight as 24 even with h23.
  return Number.parseInt(hour, 10) % 24;
}
