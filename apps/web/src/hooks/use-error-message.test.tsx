import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { TestProviders } from '@/test/render';

function wrapperIn(language: 'en' | 'es') {
  return ({ children }: { children: ReactNode }) => (
    <TestProviders language={language}>{children}</TestProviders>
  );
}

describe('useErrorMessage', () => {
  it("translates an error's code through errors:<code>", () => {
    const { result } = renderHook(() => useErrorMessage(), { wrapper: wrapperIn('es') });
    const message = result.current(new ApiError({ code: 'insufficient_balance', status: 422 }));
    expect(message).toBe('No tienes saldo suficiente para completar la transferencia');
  });

  it('falls back to errors:internal_error for an unknown code or a foreign error, never a raw code', () => {
    const { result } = renderHook(() => useErrorMessage(), { wrapper: wrapperIn('en') });
    const fallback = 'Server error. Please try again in a moment.';
    expect(result.current(new ApiError({ code: 'something_new', status: 500 }))).toBe(fallback);
    expect(result.current(new Error('boom'))).toBe(fallback);
    expect(result.current('tip_failed')).toBe('Failed to send tip');
  });

  it('says how long a limit asks to wait, in minutes rounded up, with the plural of the language', () => {
    const limited = (retryAfterSeconds: number) =>
      new ApiError({ code: 'rate_limited', status: 429, details: { retryAfterSeconds } });
    const en = renderHook(() => useErrorMessage(), { wrapper: wrapperIn('en') }).result.current;
    const es = renderHook(() => useErrorMessage(), { wrapper: wrapperIn('es') }).result.current;

    expect(en(limited(1_790))).toBe('Too many attempts. Please try again in 30 minutes.');
    expect(en(limited(20))).toBe('Too many attempts. Please try again in 1 minute.');
    expect(es(limited(3_600))).toBe('Demasiados intentos. Vuelve a intentarlo dentro de 60 minutos.');
    // No wait named: the general message.
    expect(en(new ApiError({ code: 'rate_limited', status: 429 }))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });
});
