import { randomUUID } from 'node:crypto';
import { TRANSACTION_CSV_COLUMNS } from '@ztart/shared/contracts/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { csvField, minorToDecimalString } from './csv.ts';
import { recordTransaction } from './record.ts';

/** A small RFC 4180 reader, to check that what we write reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += character;
  }
  if (field !== '' || record.length > 0) throw new Error('the last line has no CRLF');
  return records;
}

describe('CSV fields', () => {
  it('writes amounts from minor units as decimal strings', () => {
    expect(minorToDecimalString(0, 'USD')).toBe('0.00');
    expect(minorToDecimalString(5, 'USD')).toBe('0.05');
    expect(minorToDecimalString(123_456, 'EUR')).toBe('1234.56');
    expect(minorToDecimalString(-1_999, 'BRL')).toBe('-19.99');
    expect(minorToDecimalString(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
  });

  it('quotes per RFC 4180 and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('GET /api/transactions/export.csv', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-07-04T10:30:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  it('exports every matching transaction, newest first, escaped, as an attachment named with the date', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const stranger = await signUpAndSignIn(testApp.app);
    const db = testApp.database.db;
    const base = {
      userId: person.userId,
      status: 'completed',
      currency: 'USD',
      groupId: randomUUID(),
    } as const;
    const tricky = await recordTransaction(db, {
      ...base,
      type: 'expense',
      kind: 'transfer_out',
      amountMinor: 1_205,
      description: 'Transfer to @leo',
      note: '=cmd|" /C calc"!A0, and\na new line',
      counterparty: { userId: null, ztartag: 'leo', name: 'Leo' },
      createdAt: new Date('2026-07-01T08:00:00.000Z'),
    });
    const named = await recordTransaction(db, {
      ...base,
      type: 'income',
      kind: 'transfer_in',
      amountMinor: 7,
      description: 'Transfer from Ana, "the boss"',
      counterparty: { userId: null, ztartag: null, name: '@not_a_tag' },
      createdAt: new Date('2026-07-02T08:00:00.000Z'),
    });
    // More than one batch of the streamed export.
    for (let i = 0; i < 1_020; i += 1) {
      await recordTransaction(db, {
        ...base,
        type: 'income',
        kind: 'deposit',
        amountMinor: 100_000 + i,
        currency: 'EUR',
        description: 'Card deposit',
        createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, i)),
      });
    }
    await recordTransaction(db, {
      ...base,
      userId: stranger.userId,
      type: 'income',
      kind: 'deposit',
      amountMinor: 1,
      description: 'Not yours',
      createdAt: clock.now(),
    });

    const answer = await testApp.app.inject(
      as(person, { method: 'GET', url: '/api/transactions/export.csv?currency=USD' }),
    );

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="ztart-transactions-2026-07-04.csv"',
    );
    const [header, ...records] = parseCsv(answer.body);
    expect(header).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(records).toEqual([
      [
        named.id,
        '2026-07-02T08:00:00.000Z',
        'income',
        'transfer_in',
        'completed',
        '0.07',
        'USD',
        'transfers',
        'Transfer from Ana, "the boss"',
        '',
        "'@not_a_tag",
      ],
      [
        tricky.id,
        '2026-07-01T08:00:00.000Z',
        'expense',
        'transfer_out',
        'completed',
        '12.05',
        'USD',
        'transfers',
        'Transfer to @leo',
        `'=cmd|" /C calc"!A0, and\na new line`,
        'Leo (@leo)',
      ],
    ]);

    const all = await testApp.app.inject(as(person, { method: 'GET', url: '/api/transactions/export.csv' }));
    const rows = parseCsv(all.body).slice(1);
    expect(rows).toHaveLength(1_022);
    expect(new Set(rows.map((row) => row[0])).size).toBe(1_022);
    expect(rows.at(-1)).toEqual(expect.arrayContaining(['1000.00', 'EUR', 'deposits', 'Card deposit']));
    expect(all.body).not.toContain('Not yours');

    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/transactions/export.csv' })).statusCode,
    ).toBe(401);
  });
});
