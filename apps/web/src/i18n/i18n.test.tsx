import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@ztart/shared/languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '@/app/layout/language-switcher';
import { createI18n } from '@/i18n/i18n';
import { CATALOGUES } from '@/test/catalogues';
import { renderWithProviders } from '@/test/render';

/** Serves the catalogues the way the server serves dist/locales: every namespace of a language in one file. */
function stubLocalesServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const language = /^\/locales\/(\w+)\.json$/.exec(url.pathname)?.[1];
    const catalogues = CATALOGUES[language ?? ''];
    return catalogues
      ? new Response(JSON.stringify(catalogues), { status: 200 })
      : new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function stubBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

async function ready(instance: ReturnType<typeof createI18n>) {
  await waitFor(() => expect(instance.isInitialized).toBe(true));
  await waitFor(() => expect(instance.hasLoadedNamespace('common')).toBe(true));
}

describe('i18n setup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.documentElement.lang = 'en';
  });

  it('a pt-BR browser gets the Portuguese catalogues, <html lang="pt"> and a cached choice', async () => {
    const fetchMock = stubLocalesServer();
    stubBrowserLanguages(['pt-BR', 'en']);

    const instance = createI18n();
    await ready(instance);

    expect(instance.resolvedLanguage).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
    expect(instance.t('common:signIn')).toBe('Entrar');
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain(`/locales/pt.json?v=${__LOCALES_VERSION__}`);
    // One request per language (Portuguese, and English to fall back on), not one per namespace.
    expect(urls.filter((url) => url.startsWith('/locales/pt'))).toHaveLength(1);
  });

  it('a language stored in localStorage wins over the browser', async () => {
    stubLocalesServer();
    stubBrowserLanguages(['fr-FR']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');

    const instance = createI18n();
    await ready(instance);

    expect(instance.resolvedLanguage).toBe('es');
    expect(instance.t('guard:loading')).toBe('Cargando contenido...');
  });

  it('an unsupported browser language falls back to English', async () => {
    stubLocalesServer();
    stubBrowserLanguages(['de-DE']);

    const instance = createI18n();
    await ready(instance);

    expect(instance.resolvedLanguage).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('LanguageSwitcher', () => {
  it('lists each language under its own name and switches the app and <html lang>', async () => {
    renderWithProviders(<LanguageSwitcher />);
    const switcher = screen.getByTestId('language-switcher');
    const options = Array.from(switcher.querySelectorAll('option')).map((option) => [
      option.value,
      option.text,
    ]);
    expect(options).toEqual([
      ['en', 'English'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['pt', 'Português'],
    ]);

    await userEvent.selectOptions(switcher, 'es');

    expect(screen.getByTestId('language-switcher')).toHaveValue('es');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
  });
});
