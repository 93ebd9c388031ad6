import { type Category, DEFAULT_CATEGORY_KEYS } from '@ztart/shared/contracts/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';

describe('categories', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const call = (
    person: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => testApp.app.inject(as(person, { method, url, ...(payload ? { payload } : {}) }));
  const categoriesOf = async (person: SignedInPerson): Promise<Category[]> =>
    (await call(person, 'GET', '/api/categories')).json().items;

  it('starts every person with the default categories, in their order', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const first = await categoriesOf(person);

    expect(first.map((category) => category.key)).toEqual([...DEFAULT_CATEGORY_KEYS]);
    expect(first.every((category) => category.name === null && /^#[0-9a-f]{6}$/.test(category.color))).toBe(
      true,
    );
    expect(await categoriesOf(person)).toEqual(first);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
  });

  it('creates, renames and recolours, refusing a name already used in any letter case', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const created = await call(person, 'POST', '/api/categories', { name: 'Coffee', color: '#7c2d12' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ key: null, name: 'Coffee', color: '#7c2d12' });
    const duplicate = await call(person, 'POST', '/api/categories', { name: '  cOFFEE ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('category_exists');
    expect((await call(person, 'POST', '/api/categories', { name: 'Tea' })).json().color).toMatch(
      /^#[0-9a-f]{6}$/,
    );
    expect((await call(person, 'POST', '/api/categories', { name: '' })).json().error.code).toBe(
      'validation_failed',
    );
    expect(
      (await call(person, 'POST', '/api/categories', { name: 'x', color: 'red' })).json().error.code,
    ).toBe('validation_failed');

    const food = (await categoriesOf(person)).find((category) => category.key === 'food')!;
    const renamed = await call(person, 'PATCH', `/api/categories/${food.id}`, {
      name: 'Groceries',
      color: '#15803d',
    });
    expect(renamed.json()).toEqual({ id: food.id, key: 'food', name: 'Groceries', color: '#15803d' });
    const clash = await call(person, 'PATCH', `/api/categories/${food.id}`, { name: 'tea' });
    expect(clash.json().error.code).toBe('category_exists');

    const names = (await categoriesOf(person)).map((category) => category.name ?? category.key);
    expect(names).toEqual([
      'deposits',
      'withdrawals',
      'transfers',
      'tips',
      'Groceries',
      'shopping',
      'transport',
      'bills',
      'entertainment',
      'other',
      'Coffee',
      'Tea',
    ]);
    // Someone else may use the same name.
    const other = await signUpAndSignIn(testApp.app);
    expect((await call(other, 'POST', '/api/categories', { name: 'Coffee' })).statusCode).toBe(201);
  });

  it("keeps each person's categories their own", async () => {
    const owner = await signUpAndSignIn(testApp.app);
    const stranger = await signUpAndSignIn(testApp.app);
    const category = (await call(owner, 'POST', '/api/categories', { name: 'Private' })).json();

    expect(
      (await call(stranger, 'PATCH', `/api/categories/${category.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/categories/${category.id}`)).json().error.code).toBe(
      'not_found',
    );
    expect((await categoriesOf(stranger)).some((item) => item.id === category.id)).toBe(false);
    expect((await categoriesOf(owner)).find((item) => item.id === category.id)?.name).toBe('Private');
  });

  it('moves transactions to another category, and leaves them without one when theirs is deleted', async () => {
    const db = testApp.database.db;
    const sender = await createPerson(testApp.app, db);
    const recipient = await createPerson(testApp.app, db);
    await fund(db, sender.userId, 1_000);
    const sent = (
      await postTransfer(testApp.app, sender, { recipient: recipient.ztartag, amountMinor: 100 })
    ).json().transaction;
    const transfers = (await categoriesOf(sender)).find((category) => category.key === 'transfers')!;
    expect(sent.categoryId).toBe(transfers.id);

    const gifts = (await call(sender, 'POST', '/api/categories', { name: 'Gifts' })).json();
    const moved = await call(sender, 'PATCH', `/api/transactions/${sent.id}`, { categoryId: gifts.id });
    expect(moved.json().categoryId).toBe(gifts.id);
    const filtered = (await call(sender, 'GET', `/api/transactions?category=${gifts.id}`)).json().items;
    expect(filtered.map((item: { id: string }) => item.id)).toEqual([sent.id]);

    const deleted = await call(sender, 'DELETE', `/api/categories/${gifts.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(sender, 'GET', `/api/transactions/${sent.id}`)).json().categoryId).toBeNull();
    expect((await call(sender, 'DELETE', `/api/categories/${gifts.id}`)).statusCode).toBe(404);

    // A default the person deleted stays deleted: their next transfer has no category.
    expect((await call(sender, 'DELETE', `/api/categories/${transfers.id}`)).statusCode).toBe(204);
    const next = (
      await postTransfer(testApp.app, sender, { recipient: recipient.ztartag, amountMinor: 100 })
    ).json().transaction;
    expect(next.categoryId).toBeNull();
    expect((await categoriesOf(sender)).some((category) => category.key === 'transfers')).toBe(false);
  });
});
