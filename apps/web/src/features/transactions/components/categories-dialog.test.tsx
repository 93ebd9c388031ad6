import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@ztart/shared/contracts/transactions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories, GIGS_ID, TIPS_ID } from '@/components/transactions/test-data';
import { CategoriesDialog } from '@/features/transactions/components/categories-dialog';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

/** A categories API over a list that POST, PATCH and DELETE really change. */
function categoriesApi(overrides: Record<string, MockAnswer> = {}) {
  let list: Category[] = categories();
  return mockApi({
    'GET /api/categories': () => [200, { items: list }],
    'POST /api/categories': ({ body }) => {
      const { name, color } = body as { name: string; color: string };
      const created = { id: 'a1b2c3d4-0000-4000-8000-0000000000a1', key: null, name, color };
      list = [...list, created];
      return [201, created];
    },
    [`PATCH /api/categories/${TIPS_ID}`]: ({ body }) => {
      const updated = {
        ...(list.find((category) => category.id === TIPS_ID) as Category),
        ...(body as object),
      };
      list = list.map((category) => (category.id === TIPS_ID ? updated : category));
      return [200, updated];
    },
    [`DELETE /api/categories/${GIGS_ID}`]: () => {
      list = list.filter((category) => category.id !== GIGS_ID);
      return [204];
    },
    ...overrides,
  });
}

function renderDialog(language: 'en' | 'es' = 'en') {
  renderWithProviders(<CategoriesDialog open onOpenChange={() => {}} />, {
    auth: signedIn(),
    toaster: true,
    language,
  });
}

async function categoryList(name = 'Categories') {
  const dialog = await screen.findByRole('dialog', { name });
  return within(dialog).findByRole('list', { name });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('managing categories', () => {
  it('lists default categories in the person’s language and their own by name', async () => {
    categoriesApi();
    renderDialog('es');
    const list = await categoryList('Categorías');
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Propinas', 'Comida y bebida', 'Gigs']);
  });

  it('adds a category with the chosen colour', async () => {
    const api = categoriesApi();
    renderDialog();
    const user = userEvent.setup();
    await categoryList();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Rent');
    await user.click(screen.getByRole('radio', { name: 'Violet' }));
    await user.click(screen.getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('Category added')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/categories').map((call) => call.body)).toEqual([
      { name: 'Rent', color: '#7c3aed' },
    ]);
    await waitFor(async () => expect(within(await categoryList()).getByText('Rent')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('an empty name is refused here, without asking the server', async () => {
    const api = categoriesApi();
    renderDialog();
    await categoryList();
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(api.callsTo('POST', '/api/categories')).toHaveLength(0);
  });

  it('a name already used shows the translated category_exists on the name field', async () => {
    categoriesApi({ 'POST /api/categories': [409, error('category_exists')] });
    renderDialog('es');
    const user = userEvent.setup();
    await categoryList('Categorías');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'gigs');
    await user.click(screen.getByRole('button', { name: 'Añadir categoría' }));
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ya tienes una categoría con este nombre.'));
    expect(name).toHaveFocus();
  });

  it('renames a default category in place', async () => {
    const api = categoriesApi();
    renderDialog();
    const user = userEvent.setup();
    await user.click(within(await categoryList()).getByRole('button', { name: 'Rename Tips' }));
    const field = screen.getByRole('textbox', { name: 'New name for Tips' });
    expect(field).toHaveValue('Tips');
    await user.clear(field);
    await user.type(field, 'Street tips');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category renamed')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/categories/${TIPS_ID}`).map((call) => call.body)).toEqual([
      { name: 'Street tips', color: '#d97706' },
    ]);
    const list = await categoryList();
    await waitFor(() => expect(within(list).getByText('Street tips')).toBeInTheDocument());
    expect(within(list).getByRole('button', { name: 'Rename Street tips' })).toBeInTheDocument();
  });

  it('renaming to a name already used keeps the form open with the reason', async () => {
    categoriesApi({ [`PATCH /api/categories/${TIPS_ID}`]: [409, error('category_exists')] });
    renderDialog();
    const user = userEvent.setup();
    await user.click(within(await categoryList()).getByRole('button', { name: 'Rename Tips' }));
    const field = screen.getByRole('textbox', { name: 'New name for Tips' });
    await user.clear(field);
    await user.type(field, 'Gigs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'New name for Tips' })).toHaveAccessibleDescription(
        'You already have a category with this name.',
      ),
    );
  });

  it('deletes only after confirmation; cancelling sends nothing', async () => {
    const api = categoriesApi();
    renderDialog();
    const user = userEvent.setup();
    const list = await categoryList();

    await user.click(within(list).getByRole('button', { name: 'Delete Gigs' }));
    const question = screen.getByRole('region', { name: 'Delete “Gigs”?' });
    expect(question).toHaveTextContent("Its transactions will have no category. This can't be undone.");
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/api/categories/${GIGS_ID}`)).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Delete Gigs' }));
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/categories/${GIGS_ID}`)).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByText('Gigs')).not.toBeInTheDocument());
  });

  it('a failed delete says why and keeps the category', async () => {
    categoriesApi({ [`DELETE /api/categories/${GIGS_ID}`]: [503, error('service_unavailable')] });
    renderDialog();
    const user = userEvent.setup();
    const list = await categoryList();
    await user.click(within(list).getByRole('button', { name: 'Delete Gigs' }));
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable. Please try again shortly.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByText('Gigs')).toBeInTheDocument();
  });
});
