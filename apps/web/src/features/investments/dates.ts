/** A market day (`YYYY-MM-DD`, UTC) as the person's language writes a short date. */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
