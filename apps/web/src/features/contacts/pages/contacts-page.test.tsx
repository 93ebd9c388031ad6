import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@ztart/shared/contracts/contacts';
import { describe, expect, it } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const LEO_ID = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const leo: Contact = {
  id: LEO_ID,
  nickname: 'Leo Martín',
  name: null,
  phone: null,
  email: null,
  groupId: null,
  notes: null,
  relationship: null,
  birthday: null,
  address: null,
  favourite: false,
  blocked: false,
  ztartag: 'leo_guitar',
  person: { ztartag: 'leo_guitar', displayName: 'Leo Martín', avatarUrl: null },
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const EMPTY = [200, { items: [], nextCursor: null }] as const;

async function openPage(url: string) {
  renderRoute(url, { auth: signedIn(['user'], 'freemium', {}), toaster: true });
  await screen.findByTestId('screen-title');
}

describe('the contacts page', () => {
  it('opens the add dialog from ?add=, looks the person up and adds them linked by ztartag', async () => {
    const api = mockApi({
      'GET /api/contacts': EMPTY,
      'GET /api/contact-groups': [200, { items: [] }],
      'GET /api/contacts/lookup': [200, { person: leo.person }],
      'POST /api/contacts': [201, leo],
      [`GET /api/contacts/${LEO_ID}`]: [200, leo],
      'GET /api/transactions': EMPTY,
      'GET /api/categories': [200, { items: [] }],
    });
    const user = userEvent.setup();
    await openPage('/contacts?add=leo_guitar');
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    expect(await within(dialog).findByTestId('lookup-result')).toHaveTextContent('@leo_guitar');
    expect(api.callsTo('GET', '/api/contacts/lookup')[0]?.path).toBe('/api/contacts/lookup?q=leo_guitar');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByLabelText('Nickname')).toHaveValue('Leo Martín');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Leo Martín added to your contacts')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contacts')[0]?.body).toMatchObject({
      nickname: 'Leo Martín',
      ztartag: 'leo_guitar',
      groupId: null,
    });
  });

  it('asks for a nickname before sending a contact typed by hand, and says when adding failed', async () => {
    const api = mockApi({
      'GET /api/contacts': EMPTY,
      'GET /api/contact-groups': [200, { items: [] }],
      'POST /api/contacts': [500, error('internal_error')],
    });
    const user = userEvent.setup();
    await openPage('/contacts');
    await user.click((await screen.findAllByRole('button', { name: 'Add contact' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Enter details by hand' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Give the contact a nickname')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contacts')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nickname'), 'Mum');
    await user.type(within(dialog).getByLabelText('Phone', { exact: false }), '+55 11 98765-4321');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Could not add contact')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contacts')[0]?.body).toMatchObject({
      nickname: 'Mum',
      phone: '+5511987654321',
    });
  });

  it('shows the empty state, and nobody found for a look-up', async () => {
    mockApi({
      'GET /api/contacts': EMPTY,
      'GET /api/contact-groups': [200, { items: [] }],
      'GET /api/contacts/lookup': [200, { person: null }],
    });
    const user = userEvent.setup();
    await openPage('/contacts');
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add contact' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(
      within(dialog).getByLabelText('Ztartag, email or phone', { exact: false }),
      'someone@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText(/Nobody on Ztart Tips has exactly/)).toBeInTheDocument();
  });
});
