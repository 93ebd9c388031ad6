/** A calendar date (YYYY-MM-DD) in the person's language, read as that day wherever they are. */
export function formatCalendarDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Today's calendar date where the person is (YYYY-MM-DD), e.g. a date field's lower bound. */
export function localToday(now = new Date()): string {
  const shifted = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 10);
}
