import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@ztart/shared/contracts/contacts';
import type { Debt, DebtListResponse } from '@ztart/shared/contracts/debts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';
import { LEO, walletAnswer } from '@/test/wallet-data';

// The screen's code loads on first visit: loaded once here, so each test waits on its answers only.
beforeAll(async () => {
  await import('@/features/debts/pages/debts-page');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEBT_ID = '5b3f0d4e-1c2a-4b7e-9f00-000000000001';
const CONTACT_ID = '5b3f0d4e-1c2a-4b7e-9f00-0000000000c1';

function debt(overrides: Partial<Debt> = {}): Debt {
  return {
    id: DEBT_ID,
    direction: 'i_owe',
    counterparty: { ztartag: 'leo_guitar', displayName: 'Leo Martins', isUser: true },
    contactId: null,
    amountMinor: 2_000,
    currency: 'USD',
    settledMinor: 1_200,
    remainingMinor: 800,
    note: 'Concert tickets',
    dueDate: '2026-03-20',
    status: 'open',
    confirmation: 'confirmed',
    recordedByMe: false,
    settlements: [
      {
        id: '5b3f0d4e-1c2a-4b7e-9f00-0000000000a1',
        amountMinor: 1_200,
        via: 'transfer',
        recordedByMe: true,
        transactionId: null,
        createdAt: '2026-03-12T10:00:00.000Z',
      },
    ],
    createdAt: '2026-03-10T10:00:00.000Z',
    updatedAt: '2026-03-12T10:00:00.000Z',
    ...overrides,
  };
}

function list(items: Debt[], totals: DebtListResponse['totals'] = []): DebtListResponse {
  return { items, nextCursor: null, totals };
}

const BASE: Record<string, MockAnswer> = {
  'GET /api/wallet': [200, walletAnswer({ USD: 5_000 })],
  'GET /api/transfers/recipient': [200, LEO],
};

describe('the Debts screen', () => {
  it('lists what I owe with the total per currency, and a debt recorded with me waits for my answer', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/debts': [
        200,
        list(
          [debt({ confirmation: 'pending', settlements: [], settledMinor: 0, remainingMinor: 2_000 })],
          [{ direction: 'i_owe', currency: 'USD', remainingMinor: 2_000 }],
        ),
      ],
      [`PATCH /api/debts/${DEBT_ID}`]: [200, debt({ settlements: [] })],
    });
    renderRoute('/contacts/debts', { auth: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Debts' })).toBeInTheDocument();
    const totals = await screen.findByTestId('debt-totals');
    expect(within(totals).getByText('$20.00')).toBeInTheDocument();
    const item = await screen.findByTestId('debt-item');
    expect(within(item).getByText('You owe @leo_guitar')).toBeInTheDocument();
    expect(within(item).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/debts')[0]?.path).toContain('direction=i_owe');

    await userEvent.click(within(item).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/debts/${DEBT_ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/debts/${DEBT_ID}`)[0]?.body).toEqual({ confirmation: 'confirmed' });
  });

  const settleAnswers = (answer: MockAnswer) =>
    ({
      ...BASE,
      'GET /api/debts': [200, list([debt()], [{ direction: 'i_owe', currency: 'USD', remainingMinor: 800 }])],
      [`POST /api/debts/${DEBT_ID}/settlements`]: answer,
      'POST /api/pin/verify': [
        200,
        { pinSet: true, unlockedUntil: '2099-01-01T00:00:00.000Z', lockedUntil: null },
      ],
    }) satisfies Record<string, MockAnswer>;

  async function openSettle() {
    const item = await screen.findByTestId('debt-item');
    await userEvent.click(within(item).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle a debt' });
    return { item, dialog, amount: within(dialog).getByRole('textbox', { name: /Amount/ }) };
  }

  it('starts a settlement at what is left, refuses more, and shows the history', async () => {
    const api = mockApi(settleAnswers([500, error('internal_error')]));
    renderRoute('/contacts/debts', { auth: signedIn() });
    const item = await screen.findByTestId('debt-item');
    await userEvent.click(within(item).getByRole('button', { name: '1 settlement' }));
    expect(within(item).getByText('Paid by transfer')).toBeInTheDocument();

    const { dialog, amount } = await openSettle();
    expect(amount).toHaveValue('8.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText("That's more than is left ($8.00)")).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/debts/${DEBT_ID}/settlements`)).toHaveLength(0);
  });

  it('settles by transfer after a confirmation, and sends one key again once the PIN is entered', async () => {
    let attempts = 0;
    const api = mockApi(
      settleAnswers(() => {
        attempts += 1;
        return attempts === 1
          ? [403, error('pin_required')]
          : [201, debt({ settledMinor: 1_700, remainingMinor: 300 })];
      }),
    );
    renderRoute('/contacts/debts', { auth: signedIn() });
    const { dialog, amount } = await openSettle();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('heading', { name: 'Check the settlement' })).toHaveFocus();
    expect(within(dialog).getByText('$3.00')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/debts/${DEBT_ID}/settlements`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    await userEvent.type(await within(dialog).findByLabelText('PIN'), '2468');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and send $5.00' }));
    expect(await within(dialog).findByText('$3.00 is still left.')).toBeInTheDocument();

    const [first, second] = api.callsTo('POST', `/api/debts/${DEBT_ID}/settlements`);
    expect(first?.body).toEqual({ amountMinor: 500, via: 'transfer' });
    expect(second?.body).toEqual(first?.body);
    expect(first?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  function contact(overrides: Partial<Contact> = {}): Contact {
    return {
      id: CONTACT_ID,
      nickname: 'Carla',
      name: 'Carla Souza',
      phone: null,
      email: null,
      groupId: null,
      notes: null,
      relationship: null,
      birthday: null,
      address: null,
      favourite: false,
      blocked: false,
      ztartag: null,
      person: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      ...overrides,
    };
  }

  it("names the contact in the address and records a debt with them by name, and says when there's nothing", async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/debts': [200, list([])],
      [`GET /api/contacts/${CONTACT_ID}`]: [200, contact()],
      'POST /api/debts': [
        201,
        debt({
          counterparty: { ztartag: null, displayName: 'Carla', isUser: false },
          confirmation: 'not_needed',
        }),
      ],
    });
    renderRoute(`/contacts/debts?contact=${CONTACT_ID}`, { auth: signedIn() });
    expect(await screen.findByText("You don't owe anyone anything.")).toBeInTheDocument();
    expect(await screen.findByText('Showing the debts with Carla.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/debts')[0]?.path).toContain(`contactId=${CONTACT_ID}`);

    await userEvent.click(screen.getAllByRole('button', { name: 'Record a debt' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Record a debt' });
    expect(within(dialog).getByRole('radio', { name: /Someone else/ })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: 'Their name' });
    expect(name).toHaveValue('Carla');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record debt' }));
    expect(await within(dialog).findAllByText('This field is required')).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/debts')).toHaveLength(0);

    await userEvent.type(name, 'Carla');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'They owe me' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record debt' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/debts')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/debts')[0]?.body).toEqual({
      direction: 'owed_to_me',
      counterpartyName: 'Carla',
      contactId: CONTACT_ID,
      amountMinor: 1_500,
      currency: 'USD',
    });
  });

  it('starts the form with a contact on Ztart Tips by their ztartag', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/debts': [200, list([])],
      [`GET /api/contacts/${CONTACT_ID}`]: [
        200,
        contact({
          nickname: 'Leo',
          ztartag: 'leo_guitar',
          person: { ztartag: 'leo_guitar', displayName: 'Leo Martins', avatarUrl: null },
        }),
      ],
      'POST /api/debts': [201, debt({ direction: 'owed_to_me', confirmation: 'pending' })],
    });
    renderRoute(`/contacts/debts?contact=${CONTACT_ID}`, { auth: signedIn() });
    expect(await screen.findByText('Showing the debts with Leo.')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Record a debt' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Record a debt' });
    expect(within(dialog).getByRole('radio', { name: /Someone on Ztart Tips/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'To' })).toHaveValue('@leo_guitar');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'They owe me' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '20');
    expect(await within(dialog).findByText('Leo Martins')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record debt' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/debts')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/debts')[0]?.body).toEqual({
      direction: 'owed_to_me',
      counterpartyUser: '@leo_guitar',
      contactId: CONTACT_ID,
      amountMinor: 2_000,
      currency: 'USD',
    });
  });

  it('says when the contact in the address cannot be found', async () => {
    mockApi({
      ...BASE,
      'GET /api/debts': [200, list([])],
      [`GET /api/contacts/${CONTACT_ID}`]: [404, error('not_found')],
    });
    renderRoute(`/contacts/debts?contact=${CONTACT_ID}`, { auth: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find what you were looking for.");
  });

  it('says why the list could not load, with a retry', async () => {
    mockApi({ ...BASE, 'GET /api/debts': [500, error('internal_error')] });
    renderRoute('/contacts/debts', { auth: signedIn() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
