import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme/theme';
import { ownProfile } from '@/test/fixtures';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the account Preferences tab', () => {
  it('works instead of "coming soon": the language goes to the profile, the theme stays on the device', async () => {
    const api = mockApi({ 'PATCH /api/profiles/me': [200, ownProfile({ language: 'fr' })] });
    renderRoute('/account?tab=preferences', { auth: signedIn() });

    const section = within(await screen.findByRole('region', { name: 'Language and theme' }));
    const language = section.getByRole('combobox', { name: 'Language' });
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
    await userEvent.selectOptions(language, 'fr');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/profiles/me')[0]?.body).toEqual({ language: 'fr' }),
    );
    // The page now speaks French, and says the choice was saved.
    expect(
      await screen.findByText(
        'Enregistré. Les e-mails et messages que nous vous envoyons utilisent désormais cette langue.',
      ),
    ).toBeInTheDocument();

    const sectionFr = within(screen.getByRole('region', { name: 'Langue et thème' }));
    await userEvent.selectOptions(sectionFr.getByRole('combobox', { name: 'Thème' }), 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1);
  });

  it('says why the profile could not be saved', async () => {
    mockApi({ 'PATCH /api/profiles/me': [500, error('internal_error')] });
    renderRoute('/account?tab=preferences', { auth: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'Language and theme' }));
    await userEvent.selectOptions(section.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
