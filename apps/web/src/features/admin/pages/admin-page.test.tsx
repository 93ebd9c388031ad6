import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserDetail, AdminUserSummary } from '@ztart/shared/contracts/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const FIRST_LOAD = { timeout: 10_000 };
const LEO_ID = '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0002';

function summary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: LEO_ID,
    email: 'leo.martin@example.com',
    fullName: 'Leo Martín',
    ztartag: 'leo_guitar',
    roles: ['user'],
    role: 'user',
    userLevel: 'standard',
    suspended: false,
    suspendedAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail {
  return {
    user: {
      ...summary(),
      emailVerified: true,
      phone: null,
      phoneVerified: false,
      pinSet: true,
      pinLockedUntil: null,
      pinFailedAttempts: 0,
      ...overrides,
    },
    balances: [{ kind: 'wallet_available', currency: 'USD', balanceMinor: 12_345 }],
    recentTransactions: [],
    sessions: [],
    audit: [],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin', { timeout: 40_000 }, () => {
  it('searches people, opens one with their balances, and suspends them only after confirming', async () => {
    const api = mockApi({
      'GET /api/admin/users': [200, { items: [summary()], nextCursor: null }],
      [`GET /api/admin/users/${LEO_ID}`]: [200, detail()],
      [`PATCH /api/admin/users/${LEO_ID}`]: ({ body }) => [
        200,
        detail({
          suspended: (body as { suspended: boolean }).suspended,
          suspendedAt: '2026-05-02T10:00:00.000Z',
        }),
      ],
    });
    renderRoute('/admin', { auth: signedIn(['admin']), toaster: true });

    const row = await screen.findByTestId('admin-user-row', {}, FIRST_LOAD);
    expect(row).toHaveTextContent('leo.martin@example.com');
    await userEvent.type(screen.getByLabelText('Search people'), 'leo');
    // The search waits for the typing to stop, then asks with the words.
    await vi.waitFor(() =>
      expect(api.calls.some((call) => call.path === '/api/admin/users?q=leo')).toBe(true),
    );

    await userEvent.click(
      within((await screen.findAllByTestId('admin-user-row'))[0]!).getByRole('button', {
        name: 'Open Leo Martín',
      }),
    );
    expect(await screen.findByTestId('admin-user-balances')).toHaveTextContent('$123.45');

    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Leo Martín?' });
    expect(api.callsTo('PATCH', `/api/admin/users/${LEO_ID}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Leo Martín is suspended')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/admin/users/${LEO_ID}`)[0]?.body).toEqual({ suspended: true });
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('sends only what changed of role and level, and shows a refusal in words', async () => {
    const api = mockApi({
      [`GET /api/admin/users/${LEO_ID}`]: [200, detail()],
      [`PATCH /api/admin/users/${LEO_ID}`]: [409, error('admin_self_change')],
    });
    renderRoute(`/admin?user=${LEO_ID}`, { auth: signedIn(['admin']) });

    await userEvent.selectOptions(await screen.findByLabelText('User level', {}, FIRST_LOAD), 'business');
    await userEvent.click(screen.getByRole('button', { name: 'Save role and level' }));
    expect(
      await screen.findByText("You can't change your own role or suspend yourself."),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/admin/users/${LEO_ID}`)[0]?.body).toEqual({ userLevel: 'business' });
  });

  it('runs a reconciliation and lists what does not add up', async () => {
    mockApi({
      'GET /api/admin/finances': [
        200,
        { systemAccounts: [], totals: [{ currency: 'USD', peopleMinor: 5_000, systemMinor: -5_000 }] },
      ],
      'POST /api/admin/reconciliation': [
        200,
        {
          ok: false,
          checkedAt: '2026-05-02T10:00:00.000Z',
          accountsChecked: 12,
          totals: [{ currency: 'USD', sumMinor: 100 }],
          differences: [
            {
              kind: 'account_balance',
              currency: 'USD',
              accountId: 7,
              accountKind: 'wallet_available',
              ownerId: LEO_ID,
              expectedMinor: 5_000,
              actualMinor: 5_100,
            },
          ],
        },
      ],
    });
    renderRoute('/admin?tab=finances', { auth: signedIn(['admin']) });

    expect(await screen.findByTestId('ledger-totals', {}, FIRST_LOAD)).toHaveTextContent('$50.00');
    await userEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));
    const differences = await screen.findByTestId('reconciliation-differences');
    expect(differences).toHaveTextContent('1 difference found.');
    expect(differences).toHaveTextContent('Account 7 (Wallet, available)');
    expect(differences).toHaveTextContent('$51.00');
  });

  it('shows the access-denied card when the server refuses the capability', async () => {
    mockApi({ 'GET /api/admin/users': [403, error('forbidden', { capability: 'manageUsers' })] });
    renderRoute('/admin', { auth: signedIn(['admin']) });
    expect(await screen.findByTestId('access-denied', {}, FIRST_LOAD)).toBeInTheDocument();
  });
});
