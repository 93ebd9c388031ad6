import type { Contact, ContactGroup, ContactListResponse } from '@ztart/shared/contracts/contacts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { decodeQrImage } from '../qr-codes/testing.ts';

const LOOKUP_LIMIT = 4;

describe('contacts and contact groups', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: { ...ROOMY_RATE_LIMITS, contactLookupPerUser: { max: LOOKUP_LIMIT, windowSeconds: 900 } },
    });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const call = (who: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(who, options));
  const addContact = async (who: SignedInPerson, payload: Record<string, unknown>) => {
    const answer = await call(who, { method: 'POST', url: '/api/contacts', payload });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Contact>();
  };
  const list = async (who: SignedInPerson, query = '') => {
    const answer = await call(who, { method: 'GET', url: `/api/contacts${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ContactListResponse>();
  };

  it('adds, reads, edits and deletes a contact with every field', async () => {
    const owner = await person();
    const contact = await addContact(owner, {
      nickname: 'Mum',
      name: 'Ana Lima',
      phone: '+55 (11) 98765-4321',
      email: 'Ana@Example.com',
      notes: 'Line one\nLine two',
      relationship: 'Mother',
      birthday: '1960-03-14',
      address: '1 Rua Augusta\nSão Paulo',
      favourite: true,
    });
    expect(contact).toMatchObject({
      nickname: 'Mum',
      name: 'Ana Lima',
      phone: '+5511987654321',
      email: 'ana@example.com',
      birthday: '1960-03-14',
      favourite: true,
      blocked: false,
      person: null,
      ztartag: null,
    });
    const read = await call(owner, { method: 'GET', url: `/api/contacts/${contact.id}` });
    expect(read.json<Contact>()).toEqual(contact);

    const edited = await call(owner, {
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      payload: { relationship: '', favourite: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Contact>()).toMatchObject({ relationship: null, favourite: false, nickname: 'Mum' });

    expect((await call(owner, { method: 'DELETE', url: `/api/contacts/${contact.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(owner, { method: 'GET', url: `/api/contacts/${contact.id}` })).statusCode).toBe(404);
  });

  it('links a contact added by ztartag to that account, once', async () => {
    const owner = await person();
    const friend = await person({ fullName: 'Leo Guitar' });
    const contact = await addContact(owner, { nickname: 'Leo', ztartag: `@${friend.ztartag.toUpperCase()}` });
    expect(contact.person).toEqual({ ztartag: friend.ztartag, displayName: 'Leo Guitar', avatarUrl: null });
    const again = await call(owner, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'Leo 2', ztartag: friend.ztartag },
    });
    expect(again.statusCode).toBe(409);
    const nobody = await call(owner, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'X', ztartag: 'nobody_here_1' },
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('recipient_user_not_found');
    const self = await call(owner, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'Me', ztartag: owner.ztartag },
    });
    expect(self.json().error.code).toBe('recipient_is_self');
  });

  it('answers 409 to every add but one when the same person is added several times at once', async () => {
    const owner = await person();
    const friend = await person();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        call(owner, {
          method: 'POST',
          url: '/api/contacts',
          payload: { nickname: `Twin ${index}`, ztartag: friend.ztartag },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().error).toMatchObject({
        code: 'conflict',
        message: 'This person is already one of your contacts.',
      });
    }
  });

  it('searches and filters the list, and pages it', async () => {
    const owner = await person();
    const group = (
      await call(owner, {
        method: 'POST',
        url: '/api/contact-groups',
        payload: { name: 'Band', description: 'Fridays' },
      })
    ).json<ContactGroup>();
    await addContact(owner, { nickname: 'Drummer', groupId: group.id, favourite: true });
    await addContact(owner, { nickname: 'Bassist', email: 'bass@example.com', groupId: group.id });
    await addContact(owner, { nickname: '50%_off', blocked: true });

    expect((await list(owner, '?q=drum')).items.map((c) => c.nickname)).toEqual(['Drummer']);
    expect((await list(owner, '?q=BASS@')).items.map((c) => c.nickname)).toEqual(['Bassist']);
    expect((await list(owner, '?q=%25_')).items.map((c) => c.nickname)).toEqual(['50%_off']);
    expect((await list(owner, `?groupId=${group.id}`)).items).toHaveLength(2);
    expect((await list(owner, '?favourite=true')).items.map((c) => c.nickname)).toEqual(['Drummer']);
    expect((await list(owner, '?blocked=true')).items.map((c) => c.nickname)).toEqual(['50%_off']);

    const first = await list(owner, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const groups = await call(owner, { method: 'GET', url: '/api/contact-groups' });
    expect(groups.json().items).toEqual([
      expect.objectContaining({ name: 'Band', description: 'Fridays', contactCount: 2 }),
    ]);
  });

  it('edits and deletes groups; a deleted group leaves its contacts in no group', async () => {
    const owner = await person();
    const group = (
      await call(owner, { method: 'POST', url: '/api/contact-groups', payload: { name: 'Work' } })
    ).json<ContactGroup>();
    const contact = await addContact(owner, { nickname: 'Boss', groupId: group.id });
    const renamed = await call(owner, {
      method: 'PATCH',
      url: `/api/contact-groups/${group.id}`,
      payload: { name: 'Office' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Office', contactCount: 1 });
    expect((await call(owner, { method: 'DELETE', url: `/api/contact-groups/${group.id}` })).statusCode).toBe(
      204,
    );
    expect(
      (await call(owner, { method: 'GET', url: `/api/contacts/${contact.id}` })).json().groupId,
    ).toBeNull();
  });

  it('refuses bad input with 400 and the spec messages, never 500', async () => {
    const owner = await person();
    const cases: [InjectOptions, string | null][] = [
      [{ method: 'POST', url: '/api/contacts', payload: { nickname: '  ' } }, 'validation.nicknameRequired'],
      [
        { method: 'POST', url: '/api/contacts', payload: { nickname: 'A', email: 'not-an-email' } },
        'validation.email',
      ],
      [{ method: 'POST', url: '/api/contacts', payload: { nickname: 'A', phone: '12' } }, 'validation.phone'],
      [
        { method: 'POST', url: '/api/contacts', payload: { nickname: 'A', birthday: '1990-13-45' } },
        'validation.date',
      ],
      [{ method: 'POST', url: '/api/contacts', payload: { nickname: 'A\u0000' } }, 'validation.text.unsafe'],
      [
        { method: 'POST', url: '/api/contacts', payload: { nickname: 'x'.repeat(101) } },
        'validation.tooLong',
      ],
      [{ method: 'POST', url: '/api/contact-groups', payload: { name: '' } }, 'validation.groupNameRequired'],
      [{ method: 'GET', url: '/api/contacts/not-a-uuid' }, null],
      [{ method: 'GET', url: '/api/contacts?favourite=maybe' }, null],
      [{ method: 'GET', url: '/api/contacts?cursor=bm9wZQ' }, null],
      [{ method: 'GET', url: '/api/contacts/lookup?q=' }, 'validation.required'],
      [
        {
          method: 'POST',
          url: '/api/contacts/import',
          payload: '',
          headers: { 'content-type': 'text/vcard' },
        },
        null,
      ],
    ];
    for (const [options, message] of cases) {
      const answer = await call(owner, options);
      expect(answer.statusCode, `${options.method} ${options.url}: ${answer.body}`).toBe(400);
      if (message) expect(answer.json().error.details.issues[0].message).toBe(message);
    }
    const otherGroup = (
      await call(await person(), { method: 'POST', url: '/api/contact-groups', payload: { name: 'Theirs' } })
    ).json<ContactGroup>();
    const intoTheirGroup = await call(owner, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'A', groupId: otherGroup.id },
    });
    expect(intoTheirGroup.statusCode).toBe(400);
  });

  it('refuses birthdays out of range with a message; a vCard with one imports the person without it', async () => {
    const owner = await person();
    for (const birthday of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const answer = await call(owner, {
        method: 'POST',
        url: '/api/contacts',
        payload: { nickname: 'A', birthday },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.details.issues[0].message).toBe('validation.dateRange');
    }
    expect((await addContact(owner, { nickname: 'Old', birthday: '1900-01-01' })).birthday).toBe(
      '1900-01-01',
    );
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Year Zero',
      'BDAY:00000101',
      'EMAIL:zero@example.com',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ok Person',
      'BDAY:1985-04-12',
      'END:VCARD',
    ].join('\r\n');
    const imported = await call(owner, {
      method: 'POST',
      url: '/api/contacts/import',
      payload: vcf,
      headers: { 'content-type': 'text/vcard' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2, merged: 0, skipped: 0 });
    const { items } = await list(owner, '?q=zero');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ nickname: 'Year Zero', email: 'zero@example.com', birthday: null });
    expect((await list(owner, '?q=Ok%20Person')).items[0]?.birthday).toBe('1985-04-12');
  });

  it('answers 404 to another person for every contact and group route', async () => {
    const owner = await person();
    const stranger = await person();
    const contact = await addContact(owner, { nickname: 'Private' });
    const group = (
      await call(owner, { method: 'POST', url: '/api/contact-groups', payload: { name: 'Mine' } })
    ).json<ContactGroup>();
    const routes: InjectOptions[] = [
      { method: 'GET', url: `/api/contacts/${contact.id}` },
      { method: 'PATCH', url: `/api/contacts/${contact.id}`, payload: { favourite: true } },
      { method: 'DELETE', url: `/api/contacts/${contact.id}` },
      { method: 'PATCH', url: `/api/contact-groups/${group.id}`, payload: { name: 'Stolen' } },
      { method: 'DELETE', url: `/api/contact-groups/${group.id}` },
    ];
    for (const options of routes) {
      const answer = await call(stranger, options);
      expect(answer.statusCode, `${options.method} ${options.url}`).toBe(404);
    }
    expect((await list(stranger)).items).toEqual([]);
    expect((await call(stranger, { method: 'GET', url: '/api/contact-groups' })).json().items).toEqual([]);
    expect((await call(owner, { method: 'GET', url: `/api/contacts/${contact.id}` })).json().favourite).toBe(
      false,
    );
    expect((await call(owner, { method: 'GET', url: '/api/contact-groups' })).json().items[0].name).toBe(
      'Mine',
    );
  });

  it('looks people up by exact ztartag, confirmed phone or email only, and limits the look-ups', async () => {
    const asker = await person();
    const found = await person({ fullName: 'Found Person', phoneVerified: true });
    const lookup = (q: string) =>
      call(asker, { method: 'GET', url: `/api/contacts/lookup?q=${encodeURIComponent(q)}` });
    const expected = { ztartag: found.ztartag, displayName: 'Found Person', avatarUrl: null };
    expect((await lookup(`@${found.ztartag}`)).json()).toEqual({ person: expected });
    expect((await lookup(found.phone!)).json()).toEqual({ person: expected });
    // A part of a tag, or a name, finds nobody: only exact identifiers do.
    expect((await lookup(found.ztartag.slice(0, -1))).json()).toEqual({ person: null });
    expect((await lookup('Found Person')).json()).toEqual({ person: null });
    const limited = await lookup(found.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another person's count is their own.
    const other = await person();
    const theirs = await call(other, { method: 'GET', url: `/api/contacts/lookup?q=${found.email}` });
    expect(theirs.json()).toEqual({ person: expected });
  });

  it('imports a .vcf, merging the people already there, and exports every contact', async () => {
    const owner = await person();
    const friend = await person({ fullName: 'Tag Friend' });
    await addContact(owner, { nickname: 'Bea', email: 'bea@example.com' });
    await addContact(owner, { nickname: 'Carl Phone', phone: '+15550001111' });
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Beatriz Souza',
      'EMAIL;TYPE=home:BEA@example.com',
      'TEL:+55 11 5555-0000',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Carlos',
      'TEL;VALUE=uri:tel:+1-555-000-1111',
      'NOTE:Met at the\\, gig\\nTwice',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Doe;Dana;;;',
      'BDAY:19900412',
      'EMAIL:dana@example.com',
      'ADR;TYPE=home:;;1 Main St;Springfield;;;US',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Tag',
      `X-ZTARTAG:${friend.ztartag}`,
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'TEL:+15559998888',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Dana Doe',
      'TEL:+15557770000',
      'END:VCARD',
    ].join('\r\n');
    const imported = await call(owner, {
      method: 'POST',
      url: '/api/contacts/import',
      payload: vcf,
      headers: { 'content-type': 'text/vcard' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // Bea by email, Carl by phone, Dana Doe by name (the card before); the card with no name skipped.
    expect(imported.json()).toEqual({ imported: 2, merged: 3, skipped: 1 });

    const items = (await list(owner)).items;
    expect(items).toHaveLength(4);
    const byNickname = new Map(items.map((item) => [item.nickname, item]));
    expect(byNickname.get('Bea')).toMatchObject({ name: 'Beatriz Souza', phone: '+551155550000' });
    expect(byNickname.get('Carl Phone')).toMatchObject({ name: 'Carlos', notes: 'Met at the, gig\nTwice' });
    expect(byNickname.get('Dana Doe')).toMatchObject({
      birthday: '1990-04-12',
      email: 'dana@example.com',
      phone: '+15557770000',
      address: '1 Main St, Springfield, US',
    });
    expect(byNickname.get('Tag')?.person?.ztartag).toBe(friend.ztartag);

    // The same file again doubles nobody.
    const again = await call(owner, {
      method: 'POST',
      url: '/api/contacts/import',
      payload: vcf,
      headers: { 'content-type': 'text/vcard' },
    });
    expect(again.json()).toEqual({ imported: 0, merged: 5, skipped: 1 });

    const exported = await call(owner, { method: 'GET', url: '/api/contacts/export.vcf' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(exported.body.match(/BEGIN:VCARD/g)).toHaveLength(4);
    expect(exported.body).toContain('NOTE:Met at the\\, gig\\nTwice');
    expect(exported.body).toContain(`X-ZTARTAG:${friend.ztartag}`);

    // An export read back into another account gives the same people.
    const other = await person();
    const roundTrip = await call(other, {
      method: 'POST',
      url: '/api/contacts/import',
      payload: exported.body,
      headers: { 'content-type': 'text/vcard' },
    });
    expect(roundTrip.json()).toEqual({ imported: 4, merged: 0, skipped: 0 });
    const copied = new Map((await list(other)).items.map((item) => [item.nickname, item]));
    expect(copied.get('Carl Phone')).toMatchObject({
      name: 'Carlos',
      phone: '+15550001111',
      notes: 'Met at the, gig\nTwice',
    });
    expect(copied.get('Dana Doe')?.birthday).toBe('1990-04-12');

    const wrongType = await call(owner, { method: 'POST', url: '/api/contacts/import', payload: { a: 1 } });
    expect(wrongType.statusCode).toBe(415);
  });

  it('draws my contact QR: a PNG that decodes to my public profile link', async () => {
    const owner = await person();
    const answer = await call(owner, { method: 'GET', url: '/api/me/contact-qr.png?size=256' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const text = await decodeQrImage(answer.rawPayload);
    expect(text).toBe(`${testApp.config.appUrl}/@${owner.ztartag}`);
  });

  it('forgets the contacts and groups of a deleted account; others keep theirs of it, unlinked', async () => {
    const leaving = await person();
    const friend = await person();
    await call(leaving, { method: 'POST', url: '/api/contact-groups', payload: { name: 'Old friends' } });
    await addContact(leaving, { nickname: 'Someone', email: 'someone@example.com' });
    const kept = await addContact(friend, { nickname: 'Leaving', ztartag: leaving.ztartag });
    const deleted = await call(leaving, {
      method: 'DELETE',
      url: '/api/profiles/me',
      payload: { confirmation: 'DELETE', password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await queryRows<{ n: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM contacts WHERE owner_id = ${leaving.userId})::int
        + (SELECT count(*) FROM contact_groups WHERE owner_id = ${leaving.userId})::int AS n`,
    );
    expect(left[0]?.n).toBe(0);
    const theirs = await call(friend, { method: 'GET', url: `/api/contacts/${kept.id}` });
    expect(theirs.json()).toMatchObject({ nickname: 'Leaving', person: null });
  });

  it('asks to sign in for every route', async () => {
    for (const url of [
      '/api/contacts',
      '/api/contact-groups',
      '/api/contacts/lookup?q=x',
      '/api/contacts/export.vcf',
      '/api/me/contact-qr.png',
    ]) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
