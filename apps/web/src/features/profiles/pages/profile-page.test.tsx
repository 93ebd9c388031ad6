import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tipLinkOf } from '@/features/profiles/pages/profile-page';
import { renderRoute, signedIn } from '@/test/render';

describe('/profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows about, contact info with verified badges, tag settings and the way to delete the account', async () => {
    renderRoute('/profile', {
      auth: signedIn(['user'], 'freemium', {
        bio: 'Street guitarist',
        location: 'Lisbon',
        website: 'https://ana.example.com',
        birthday: '1990-04-02',
        socialLinks: { instagram: 'https://instagram.com/ana' },
      }),
    });

    const about = await screen.findByRole('region', { name: 'About' });
    expect(about).toHaveTextContent('Street guitarist');
    expect(about).toHaveTextContent('Lisbon');
    expect(about).toHaveTextContent('April 2, 1990');
    expect(within(about).getByRole('link', { name: 'ana.example.com' })).toHaveAttribute(
      'href',
      'https://ana.example.com',
    );
    expect(within(about).getByRole('link', { name: 'instagram.com/ana' })).toBeInTheDocument();

    const contact = screen.getByRole('region', { name: 'Contact info' });
    expect(contact).toHaveTextContent('ana@example.com');
    expect(within(contact).getByText('Verified')).toBeInTheDocument();

    const tag = screen.getByRole('region', { name: 'Tag settings' });
    expect(tag).toHaveTextContent('@ana');
    expect(tag).toHaveTextContent('Free');
    expect(tag).toHaveTextContent(tipLinkOf('ana'));
    expect(within(tag).getByRole('link', { name: 'Change ztartag' })).toHaveAttribute(
      'href',
      '/account?tab=profile',
    );

    expect(screen.getByRole('link', { name: 'Delete account' })).toHaveAttribute(
      'href',
      '/account?tab=advanced',
    );
    expect(screen.getByRole('tab', { name: 'About', selected: true })).toBeInTheDocument();
  });

  it('builds the tip link to the quick-tip page', () => {
    expect(tipLinkOf('ana_1', 'https://ztart.example')).toBe('https://ztart.example/quick-tip?to=ana_1');
  });

  it('copies the tip link, and says so when it could not', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    renderRoute('/profile', { auth: signedIn(), toaster: true });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(await screen.findByRole('button', { name: 'Copy tip link' }));
    expect(await screen.findByText('Tip link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(tipLinkOf('ana'));

    await user.click(screen.getByRole('button', { name: 'Copy tip link' }));
    expect(await screen.findByText('Could not copy link')).toBeInTheDocument();
  });
});
