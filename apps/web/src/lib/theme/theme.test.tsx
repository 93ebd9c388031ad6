import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeSwitcher } from '@/app/layout/theme-switcher';
import { applyTheme, readThemePreference, resolveTheme, THEME_STORAGE_KEY } from '@/lib/theme/theme';
import { renderWithProviders } from '@/test/render';

function stubSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('theme', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('defaults to system and follows the operating system', () => {
    expect(readThemePreference()).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
  });

  it('applies the dark class and data-theme on <html>', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('the switcher stores the choice under "theme" and applies it at once', async () => {
    stubSystemDark(true);
    renderWithProviders(<ThemeSwitcher />);
    const switcher = screen.getByTestId('theme-switcher');
    expect(switcher).toHaveValue('system');
    expect(document.documentElement.dataset.theme).toBe('dark');

    await userEvent.selectOptions(switcher, 'light');

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('light');
  });
});
