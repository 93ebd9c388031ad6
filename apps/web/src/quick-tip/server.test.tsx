import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickTipInitial } from '@ztart/shared/quick-tip-page';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { QuickTipApp } from './app.tsx';
import { receiverOfLink, renderQuickTipPage } from './server.tsx';
import { NOW, quickTipProfile } from './test-data.ts';

const TRICKY = quickTipProfile({ fullName: 'Zoë <script>alert(1)</script> & “Co”' });

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the quick-tip page rendered on the server', () => {
  it('names the receiver the link asks for, when it can be one', () => {
    expect(receiverOfLink('?to=@Maria_Waits&qr=Ab3dE6gH')).toBe('maria_waits');
    expect(receiverOfLink('?to=no%20such%20tag!')).toBeNull();
    expect(receiverOfLink('')).toBeNull();
  });

  it('holds the receiver, the amounts and the form, escaped, in the browser’s language', () => {
    const page = renderQuickTipPage({
      search: '?to=maria_waits',
      languageTags: ['es-MX', 'en'],
      profile: TRICKY,
    });

    expect(page).toMatchObject({ state: 'ready', language: 'es', embed: false });
    expect(page.title).toBe('Dale una propina a Zoë <script>alert(1)</script> & “Co” · Ztart Tips');
    expect(page.markup).toContain('Zoë &lt;script&gt;alert(1)&lt;/script&gt; &amp; “Co”');
    expect(page.markup).not.toContain('<script');
    expect(page.markup).toContain('data-testid="tip-form"');
    expect(page.markup).toContain('name="cardNumber"');
    expect(page.markup).toContain('5,00');
    expect(page.markup).toContain('Continuar');
    expect(page.data).not.toMatch(/[<>&]/);
    expect(JSON.parse(page.data)).toEqual({ language: 'es', profile: TRICKY });
  });

  it('renders the not-found and the missing receiver as the browser would', () => {
    const gone = renderQuickTipPage({ search: '?to=gone_user', languageTags: ['fr'], profile: null });
    expect(gone.state).toBe('notFound');
    expect(gone.markup).toContain('data-testid="quick-tip-not-found"');
    expect(gone.markup).not.toContain('tip-form');

    const invalid = renderQuickTipPage({ search: '?to=%3Cb%3E', languageTags: [], profile: null });
    expect(invalid.state).toBe('notFound');

    const missing = renderQuickTipPage({ search: '?embed=1', languageTags: [], profile: null });
    expect(missing).toMatchObject({ state: 'missing', embed: true, language: 'en' });
    expect(missing.markup).toContain('data-testid="quick-tip-missing"');
  });

  it('is hydrated in the browser without a mismatch, and the form then works', async () => {
    const search = '?to=maria_waits';
    const page = renderQuickTipPage({ search, languageTags: ['en-US'], profile: TRICKY });
    const container = document.createElement('div');
    container.innerHTML = page.markup;
    document.body.append(container);
    const form = screen.getByTestId('tip-form');
    mockApi({});
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const initial = JSON.parse(page.data) as QuickTipInitial;

    await act(async () => {
      root = hydrateRoot(container, <QuickTipApp search={search} initial={initial} now={() => NOW} />, {
        onRecoverableError: recoverable,
      });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // The same elements, brought to life: not replaced by a render of the browser's own.
    expect(screen.getByTestId('tip-form')).toBe(form);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '$10.00' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText('Enter your card number.')).toBeInTheDocument();
  });
});
