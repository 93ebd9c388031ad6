import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from '@/lib/date-format';

describe('dateTimeFormat', () => {
  const when = new Date(Date.UTC(2026, 4, 2, 15, 30));

  it('keeps one formatter per language and options, and formats as a new one would', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };

    expect(dateTimeFormat('es', options)).toBe(dateTimeFormat('es', { ...options }));
    expect(dateTimeFormat('es', options).format(when)).toBe(
      new Intl.DateTimeFormat('es', options).format(when),
    );
  });

  it('gives each language and each set of options its own', () => {
    const short: Intl.DateTimeFormatOptions = { timeStyle: 'short', timeZone: 'UTC' };

    expect(dateTimeFormat('fr', short)).not.toBe(dateTimeFormat('en', short));
    expect(dateTimeFormat('en', short)).not.toBe(dateTimeFormat('en', { ...short, dateStyle: 'long' }));
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(when)).toBe('May 2, 2026');
  });
});
