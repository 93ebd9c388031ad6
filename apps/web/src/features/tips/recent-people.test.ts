import { describe, expect, it } from 'vitest';
import { transaction, transactionId } from '@/components/transactions/test-data';
import { recentPeopleOf } from './recent-people';

const withPerson = (n: number, ztartag: string | null, displayName = `Person ${n}`) =>
  transaction({ id: transactionId(n), counterparty: { ztartag, displayName } });

describe('recent people of the recipient picker', () => {
  it('lists the people of the newest transactions first, each once', () => {
    const people = recentPeopleOf(
      [
        withPerson(1, 'leo_guitar', 'Leo'),
        withPerson(2, 'maria_waits', 'Maria'),
        withPerson(3, 'leo_guitar'),
      ],
      'me_myself',
    );
    expect(people).toEqual([
      { ztartag: 'leo_guitar', displayName: 'Leo' },
      { ztartag: 'maria_waits', displayName: 'Maria' },
    ]);
  });

  it('leaves out the person themselves, people without a ztartag and movements without anyone', () => {
    const deposit = transaction({ id: transactionId(9), counterparty: null });
    const people = recentPeopleOf(
      [deposit, withPerson(1, 'me_myself'), withPerson(2, null, 'By email'), withPerson(3, 'sam_drives')],
      'me_myself',
    );
    expect(people.map((person) => person.ztartag)).toEqual(['sam_drives']);
  });

  it('offers at most the bound', () => {
    const many = Array.from({ length: 20 }, (_, n) => withPerson(n + 1, `person_${n}`));
    expect(recentPeopleOf(many, null, 6)).toHaveLength(6);
  });
});
