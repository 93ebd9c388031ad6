import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tip } from '@ztart/shared/contracts/qr-codes';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TipList } from '@/features/tips/components/tip-list';
import { tip, tipPage, total } from '@/features/tips/test-data';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { applyLiveEvent } from '@/lib/live-events';
import { createTestI18n } from '@/test/i18n';
import { error, mockApi } from '@/test/mock-api';
import { demoUser, renderRoute, signedIn } from '@/test/render';

const TIP_ID = '00000000-0000-4000-8000-00000000aaaa';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = () => screen.queryAllByTestId('tip-row');

describe('/tips-me: tips received', () => {
  it('lists each tip with its sender (or Anonymous), message, status and amount, and the totals', async () => {
    mockApi({
      'GET /api/tips/received': [
        200,
        tipPage(
          [
            tip({ status: 'pending', amountMinor: 1_250, message: 'Lovely song!', settledAt: null }),
            tip({
              sender: { ztartag: 'leo_guitar', displayName: 'Leo Costa' },
              source: 'wallet',
              card: null,
              amountMinor: 2_000,
            }),
            tip({ status: 'failed', failureCode: 'card_declined', amountMinor: 300 }),
          ],
          null,
          [
            total({ period: 'last30d', completedMinor: 2_000, pendingMinor: 1_250, count: 2 }),
            total({ period: 'all', completedMinor: 9_000, pendingMinor: 1_250, count: 7 }),
            total({ period: 'all', currency: 'EUR', completedMinor: 1_500, count: 1 }),
          ],
        ),
      ],
    });
    const user = userEvent.setup();
    renderRoute('/tips-me', { auth: signedIn() });

    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Tips received');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [pending, fromLeo, failed] = rows();
    expect(pending).toHaveTextContent('Anonymous');
    expect(pending).toHaveTextContent('“Lovely song!”');
    expect(pending).toHaveTextContent('Visa •••• 4242');
    expect(pending).toHaveTextContent('+$12.50');
    expect(within(pending as HTMLElement).getByTestId('tip-status')).toHaveTextContent('Pending');
    expect(fromLeo).toHaveTextContent('Leo Costa (@leo_guitar)');
    expect(fromLeo).toHaveTextContent('From a Ztart balance');
    expect(within(fromLeo as HTMLElement).getByTestId('tip-status')).toHaveTextContent('Completed');
    expect(within(failed as HTMLElement).getByTestId('tip-status')).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Why: Your card was declined.');

    const totals = screen.getByTestId('tip-totals');
    expect(within(totals).getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(within(totals).getByTestId('tip-total-USD')).toHaveTextContent('$20.00');
    expect(within(totals).getByTestId('tip-total-USD')).toHaveTextContent('+ $12.50 pending');
    expect(within(totals).getByTestId('tip-total-USD')).toHaveTextContent('2 tips');
    expect(within(totals).queryByTestId('tip-total-EUR')).not.toBeInTheDocument();

    await user.click(within(totals).getByRole('radio', { name: 'All time' }));
    expect(within(totals).getByTestId('tip-total-USD')).toHaveTextContent('$90.00');
    expect(within(totals).getByTestId('tip-total-EUR')).toHaveTextContent('€15.00');
    expect(within(totals).getByTestId('tip-total-EUR')).toHaveTextContent('1 tip');

    await user.click(within(totals).getByRole('radio', { name: '24 hours' }));
    expect(totals).toHaveTextContent('No tips in this period yet.');
  });

  it('formats amounts in the person’s language', async () => {
    mockApi({ 'GET /api/tips/received': [200, tipPage([tip({ amountMinor: 123_456, currency: 'EUR' })])] });
    renderRoute('/tips-me', { auth: signedIn(), language: 'es' });

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('+1234,56 €');
    expect(rows()[0]).toHaveTextContent('Completada');
  });

  it('loads more with the cursor of the page before', async () => {
    const api = mockApi({
      'GET /api/tips/received': ({ path }) =>
        path.includes('cursor=page-2')
          ? [200, tipPage([tip({ message: 'second page' })])]
          : [200, tipPage([tip({ message: 'first page' })], 'page-2')],
    });
    const user = userEvent.setup();
    renderRoute('/tips-me', { auth: signedIn() });

    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('second page');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText("That's all your tips.")).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tips/received').map((call) => call.path)).toEqual([
      '/api/tips/received?limit=20',
      '/api/tips/received?limit=20&cursor=page-2',
    ]);
  });

  it('with no tips yet, says so and points to the QR code', async () => {
    mockApi({ 'GET /api/tips/received': [200, tipPage([])] });
    renderRoute('/tips-me', { auth: signedIn() });

    const empty = await screen.findByTestId('tips-empty');
    expect(empty).toHaveTextContent('No tips yet');
    expect(empty).toHaveTextContent('Share your QR code or your tip link');
    // Said once: the heading, not again in the sentence under it.
    expect(empty.textContent?.match(/No tips yet/g)).toHaveLength(1);
    expect(within(empty).getByRole('link', { name: 'Show my QR code' })).toHaveAttribute('href', '/qr-codes');
  });

  it('explains a failed load and tries again on request', async () => {
    let answers = 0;
    mockApi({
      'GET /api/tips/received': () =>
        ++answers === 1 ? [500, error('internal_error')] : [200, tipPage([tip({ message: 'back again' })])],
    });
    const user = userEvent.setup();
    renderRoute('/tips-me', { auth: signedIn() });

    expect(await screen.findByRole('alert')).toHaveTextContent('Your tips could not load.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows the tips sent in their own tab, to whom each went', async () => {
    const api = mockApi({
      'GET /api/tips/received': [200, tipPage([])],
      'GET /api/tips/sent': [
        200,
        tipPage([
          tip({
            receiver: { ztartag: 'maria_waits', displayName: 'Maria Santos' },
            source: 'wallet',
            card: null,
          }),
        ]),
      ],
    });
    const user = userEvent.setup();
    renderRoute('/tips-me', { auth: signedIn() });

    await screen.findByTestId('tips-empty');
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('To Maria Santos (@maria_waits)');
    expect(rows()[0]).toHaveTextContent('−$5.00');
    expect(api.callsTo('GET', '/api/tips/sent')).toHaveLength(1);
  });

  it('gives the tip link to copy, the way to My QR, and the widget snippets', async () => {
    mockApi({ 'GET /api/tips/received': [200, tipPage([])] });
    const user = userEvent.setup();
    renderRoute('/tips-me', { auth: signedIn(['user'], 'freemium', { ztartag: 'ana_tips' }), toaster: true });

    const link = await screen.findByTestId('tip-link');
    expect(link).toHaveValue(`${window.location.origin}/quick-tip?to=ana_tips`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/quick-tip?to=ana_tips`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My QR code' })).toHaveAttribute('href', '/qr-codes');

    const iframe = screen.getByTestId('widget-iframe-snippet') as HTMLTextAreaElement;
    expect(iframe.value).toContain(`src="${window.location.origin}/quick-tip?to=ana_tips&amp;embed=1"`);
    expect(iframe.value).toMatch(/^<iframe /);
    const button = screen.getByTestId('widget-button-snippet') as HTMLTextAreaElement;
    expect(button.value).toContain(`href="${window.location.origin}/quick-tip?to=ana_tips"`);
    expect(button.value).toContain('>Tip me with Ztart</a>');
    await user.click(screen.getAllByRole('button', { name: 'Copy code' })[0] as HTMLElement);
    expect(await navigator.clipboard.readText()).toBe(iframe.value);
  });

  it('without a ztartag, asks to choose one first', async () => {
    mockApi({ 'GET /api/tips/received': [200, tipPage([])] });
    renderRoute('/tips-me', { auth: signedIn(['user'], 'freemium', { ztartag: null }) });

    expect(await screen.findByText(/Choose your ztartag first/)).toBeInTheDocument();
    expect(screen.queryByTestId('widget-iframe-snippet')).not.toBeInTheDocument();
  });

  it('in the demo, sends nothing to the server', async () => {
    setDemoMode(true);
    const api = mockApi({});
    renderRoute('/tips-me', { auth: demoUser() });

    expect(await screen.findByTestId('tips-empty')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tips/received')).toHaveLength(0);
    setDemoMode(false);
  });
});

describe('live updates of the tips', () => {
  const event = (kind: Transaction['kind']) =>
    ({ type: 'transaction', transaction: { kind } as Transaction }) as const;

  function renderList(queryClient: QueryClient) {
    return render(
      <I18nextProvider i18n={createTestI18n()}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <TipList direction="received" />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  }

  it('a tip settling shows as completed without reloading; other movements leave the list alone', async () => {
    let status: Tip['status'] = 'pending';
    const api = mockApi({ 'GET /api/tips/received': () => [200, tipPage([tip({ id: TIP_ID, status })])] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderList(queryClient);
    expect(await screen.findByTestId('tip-status')).toHaveTextContent('Pending');

    await applyLiveEvent(queryClient, event('deposit'), createTestI18n());
    expect(api.callsTo('GET', '/api/tips/received')).toHaveLength(1);

    status = 'completed';
    await applyLiveEvent(queryClient, event('tip_in'), createTestI18n());
    await waitFor(() => expect(screen.getByTestId('tip-status')).toHaveTextContent('Completed'));
    expect(api.callsTo('GET', '/api/tips/received')).toHaveLength(2);
  });
});
