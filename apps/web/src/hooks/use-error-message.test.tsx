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
});
