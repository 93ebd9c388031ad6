import { PassThrough } from 'node:stream';
import { NEARBY } from '@ztart/shared/limits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { users } from '../auth/tables.ts';
import { uniqueTag } from '../qr-codes/testing.ts';
import { cellOf, centreOf } from './grid.ts';
import { candidatesQuery, forgetStalePositions } from './service.ts';
import { startPositionSweeper } from './sweeper.ts';
import { nearbyPresence } from './tables.ts';

type Position = { latitude: number; longitude: number };
/**
 * A café in Lisbon, then one a degree of longitude further east per call (about 87 km: out of
 * every radius), so that each test has a neighbourhood of its own.
 */
let places = 0;
function newCafe(): Position {
  return { latitude: 38.71123, longitude: -9.13987 + places++ };
}
/** About 400 m east. */
const acrossTheSquareFrom = (cafe: Position) => ({ ...cafe, longitude: cafe.longitude + 0.0046 });
/** About 8 km north. */
const eightKmNorthOf = (cafe: Position) => ({ ...cafe, latitude: cafe.latitude + 0.07195 });
const sentPositions: Position[] = [];
/** The latitude of the middle of the cell a position falls in. */
const cellCentreLatitude = (position: Position) => centreOf(cellOf(position)).latitude;
const COORDINATE_KEYS = /^(lat|lng|lon|latitude|longitude|coords?|coordinates|position|cell.*)$/i;

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

/** The body carries no coordinate, by key or by value (the positions sent, to 2 decimals or more). */
function expectNoCoordinates(body: string) {
  expect(keysOf(JSON.parse(body)).filter((key) => COORDINATE_KEYS.test(key))).toEqual([]);
  for (const position of sentPositions) {
    for (const value of [position.latitude, position.longitude]) {
      expect(body).not.toContain(value.toFixed(2));
    }
  }
}

describe('nearby users', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-06-01T10:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const person = () => signUpAndSignIn(testApp.app, { ztartag: uniqueTag('near') });
  const call = (
    who: SignedInPerson,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    testApp.app.inject(
      as(who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    );
  const setVisible = async (who: SignedInPerson, enabled: boolean) => {
    const answer = await call(who, 'PUT', '/api/nearby/visibility', { enabled });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ enabled });
  };
  const locate = async (who: SignedInPerson, position: Position) => {
    sentPositions.push(position);
    const answer = await call(who, 'PUT', '/api/nearby/location', position);
    expect(answer.statusCode, answer.body).toBe(204);
  };
  const nearby = async (who: SignedInPerson, radiusKm?: number) => {
    const answer = await call(who, 'GET', `/api/nearby${radiusKm ? `?radiusKm=${radiusKm}` : ''}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expectNoCoordinates(answer.body);
    return answer.json().items as {
      ztartag: string;
      displayName: string;
      avatarUrl: string | null;
      distanceKm: number;
    }[];
  };
  const tagOf = async (who: SignedInPerson) =>
    (await call(who, 'GET', '/api/profiles/me')).json().ztartag as string;
  /** Two people 400 m apart, both visible with a fresh position. */
  const pairAcrossTheSquare = async () => {
    const cafe = newCafe();
    const [ana, bruno] = [await person(), await person()];
    await setVisible(ana, true);
    await setVisible(bruno, true);
    await locate(ana, cafe);
    await locate(bruno, acrossTheSquareFrom(cafe));
    return { ana, bruno, cafe };
  };
  const presenceOf = async (who: SignedInPerson) =>
    (await testApp.database.db.select().from(nearbyPresence).where(eq(nearbyPresence.userId, who.userId)))[0];

  it('starts with visibility off: no position is taken and no list is shown', async () => {
    const ana = await person();

    expect((await call(ana, 'GET', '/api/nearby/visibility')).json()).toEqual({ enabled: false });
    const located = await call(ana, 'PUT', '/api/nearby/location', newCafe());
    expect(located.statusCode).toBe(409);
    expect(located.json().error.code).toBe('nearby_visibility_off');
    const listed = await call(ana, 'GET', '/api/nearby');
    expect(listed.statusCode).toBe(409);
    expect(listed.json().error.code).toBe('nearby_visibility_off');
    expect(await presenceOf(ana)).toBeUndefined();
  });

  it('shows two visible people 400 m apart to each other, 1 km away, with their names', async () => {
    const { ana, bruno } = await pairAcrossTheSquare();

    expect(await nearby(ana)).toEqual([
      { ztartag: await tagOf(bruno), displayName: await tagOf(bruno), avatarUrl: null, distanceKm: 1 },
    ]);
    expect((await nearby(bruno)).map((item) => item.ztartag)).toEqual([await tagOf(ana)]);
    expect((await call(ana, 'GET', '/api/nearby/visibility')).json()).toEqual({ enabled: true });
  });

  it('leaves out people blocked either way, and lists them again once unblocked', async () => {
    const { ana, bruno } = await pairAcrossTheSquare();
    const blocked = await call(ana, 'POST', '/api/contacts', {
      nickname: 'Neighbour',
      ztartag: await tagOf(bruno),
      blocked: true,
    });
    expect(blocked.statusCode, blocked.body).toBe(201);

    expect(await nearby(ana)).toEqual([]);
    expect(await nearby(bruno)).toEqual([]);

    const unblocked = await call(ana, 'PATCH', `/api/contacts/${blocked.json().id}`, { blocked: false });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await nearby(bruno)).map((item) => item.ztartag)).toEqual([await tagOf(ana)]);
  });

  it('asks for a position before listing, and keeps only its grid cell', async () => {
    const ana = await person();
    const cafe = newCafe();
    await setVisible(ana, true);

    const listed = await call(ana, 'GET', '/api/nearby');
    expect(listed.statusCode).toBe(409);
    expect(listed.json().error.code).toBe('nearby_location_required');

    await locate(ana, cafe);
    const stored = await presenceOf(ana);
    expect(stored).toMatchObject({ cellRow: cellOf(cafe).row, cellColumn: cellOf(cafe).column });
    expect(keysOf(stored).filter((key) => /lat|lng|lon/i.test(key))).toEqual([]);
  });

  it('lists no one who is not visible, has no position yet, or whose account is deleted', async () => {
    const { ana, bruno, cafe } = await pairAcrossTheSquare();
    const hidden = await person();
    await setVisible(hidden, false);
    const unlocated = await person();
    await setVisible(unlocated, true);
    const deleted = await person();
    await setVisible(deleted, true);
    await locate(deleted, acrossTheSquareFrom(cafe));
    await testApp.database.db
      .update(users)
      .set({ deletedAt: clock.now() })
      .where(eq(users.id, deleted.userId));

    const tags = (await nearby(ana)).map((item) => item.ztartag);
    expect(tags).toContain(await tagOf(bruno));
    for (const other of [ana, hidden, unlocated, deleted]) expect(tags).not.toContain(await tagOf(other));
  });

  it('forgets the position of a deleted account at once, before any clean-up', async () => {
    const { ana, bruno } = await pairAcrossTheSquare();
    expect(await presenceOf(bruno)).toBeDefined();
    const brunoTag = await tagOf(bruno);

    const deleted = await call(bruno, 'DELETE', '/api/profiles/me', {
      confirmation: 'DELETE',
      password: bruno.password,
    });

    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await presenceOf(bruno)).toBeUndefined();
    expect((await nearby(ana)).map((item) => item.ztartag)).not.toContain(brunoTag);
  });

  it('forgets a position at once when visibility is turned off', async () => {
    const { ana, bruno } = await pairAcrossTheSquare();

    await setVisible(bruno, false);

    expect(await presenceOf(bruno)).toBeUndefined();
    expect((await nearby(ana)).map((item) => item.ztartag)).not.toContain(await tagOf(bruno));
    // Turning it on again does not bring the old position back.
    await setVisible(bruno, true);
    expect(await presenceOf(bruno)).toMatchObject({ cellRow: null, cellColumn: null, locatedAt: null });
    expect((await nearby(ana)).map((item) => item.ztartag)).not.toContain(await tagOf(bruno));
  });

  it('stops listing a position after 15 minutes without a refresh, and the clean-up removes it', async () => {
    const { ana, bruno, cafe } = await pairAcrossTheSquare();
    const brunoTag = await tagOf(bruno);

    clock.advance({ minutes: NEARBY.positionTtlMinutes - 1 });
    await locate(ana, cafe);
    expect((await nearby(ana)).map((item) => item.ztartag)).toContain(brunoTag);

    clock.advance({ minutes: 1 });
    expect((await nearby(ana)).map((item) => item.ztartag)).not.toContain(brunoTag);
    const staleAnswer = await call(bruno, 'GET', '/api/nearby');
    expect(staleAnswer.json().error.code).toBe('nearby_location_required');

    expect(await forgetStalePositions(testApp.database.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await presenceOf(bruno)).toMatchObject({ cellRow: null, cellColumn: null, locatedAt: null });
    expect(await presenceOf(ana)).toMatchObject({ cellRow: cellOf(cafe).row });

    // A refresh brings Bruno back.
    await locate(bruno, acrossTheSquareFrom(cafe));
    expect((await nearby(ana)).map((item) => item.ztartag)).toContain(brunoTag);
  });

  it('empties stale positions by itself, on a timer', async () => {
    const { ana, bruno, cafe } = await pairAcrossTheSquare();
    clock.advance({ minutes: NEARBY.positionTtlMinutes });
    await locate(ana, cafe);

    const sweeper = startPositionSweeper({ db: testApp.database.db, now: clock.now }, testApp.app.log, 20);
    try {
      await expect
        .poll(() => presenceOf(bruno), { timeout: 10_000 })
        .toMatchObject({ cellRow: null, cellColumn: null, locatedAt: null });
    } finally {
      await sweeper.stop();
    }
    expect(await presenceOf(ana)).toMatchObject({ cellRow: cellOf(cafe).row });
  });

  it('lists within the radius asked for, nearest first, in whole kilometres', async () => {
    const { ana, bruno, cafe } = await pairAcrossTheSquare();
    const far = await person();
    await setVisible(far, true);
    await locate(far, eightKmNorthOf(cafe));
    const [brunoTag, farTag] = [await tagOf(bruno), await tagOf(far)];

    expect((await nearby(ana, 5)).map((item) => item.ztartag)).toEqual([brunoTag]);
    expect(await nearby(ana, 10)).toEqual([
      expect.objectContaining({ ztartag: brunoTag, distanceKm: 1 }),
      // 8.0 km between the positions; between the centres of their cells, 7.8 or 8.9 km.
      expect.objectContaining({
        ztartag: farTag,
        distanceKm: expect.toSatisfy((km: number) => km === 8 || km === 9),
      }),
    ]);
    expect(await nearby(ana)).toHaveLength(1);
    // What the cells say is all that is said: the same answer wherever in her cell Ana stands.
    const before = await nearby(ana, 10);
    await locate(ana, { ...cafe, latitude: cellCentreLatitude(cafe) });
    expect(await nearby(ana, 10)).toEqual(before);
  });

  it('lets no one change another person’s visibility or position', async () => {
    const { ana, bruno, cafe } = await pairAcrossTheSquare();
    const brunoBefore = await presenceOf(bruno);

    // Naming Bruno in the body changes nothing of his: the session says whose state it is.
    await locate(ana, { ...eightKmNorthOf(cafe), userId: bruno.userId } as Position);
    const hiding = await call(ana, 'PUT', '/api/nearby/visibility', { enabled: false, userId: bruno.userId });
    expect(hiding.statusCode).toBe(200);

    expect(await presenceOf(ana)).toBeUndefined();
    expect(await presenceOf(bruno)).toEqual(brunoBefore);
  });

  it('refuses bad input with 400 validation_failed and strangers with 401', async () => {
    const ana = await person();
    await setVisible(ana, true);
    const bad: [string, string, unknown][] = [
      ['PUT', '/api/nearby/visibility', { enabled: 'yes' }],
      ['PUT', '/api/nearby/visibility', {}],
      ['PUT', '/api/nearby/location', { latitude: 91, longitude: 0 }],
      ['PUT', '/api/nearby/location', { latitude: -90.5, longitude: 0 }],
      ['PUT', '/api/nearby/location', { latitude: 0, longitude: 180.01 }],
      ['PUT', '/api/nearby/location', { latitude: '38.7', longitude: '-9.1' }],
      ['PUT', '/api/nearby/location', { latitude: 38.7 }],
      ['PUT', '/api/nearby/location', { latitude: null, longitude: null }],
      ['GET', '/api/nearby?radiusKm=0', undefined],
      ['GET', `/api/nearby?radiusKm=${NEARBY.radiusKm.max + 1}`, undefined],
      ['GET', '/api/nearby?radiusKm=2.5', undefined],
      ['GET', '/api/nearby?radiusKm=near', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const answer = await call(ana, method as 'GET' | 'PUT', url, payload);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    for (const [method, url] of [
      ['GET', '/api/nearby'],
      ['GET', '/api/nearby/visibility'],
      ['PUT', '/api/nearby/visibility'],
      ['PUT', '/api/nearby/location'],
    ] as const) {
      const answer = await testApp.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: url.endsWith('location') ? newCafe() : { enabled: true } } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('needs a ztartag to be visible: others tip and add people by it', async () => {
    const noTag = await signUpAndSignIn(testApp.app);
    const answer = await call(noTag, 'PUT', '/api/nearby/visibility', { enabled: true });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('ztartag_required');
    expect(await presenceOf(noTag)).toBeUndefined();
  });

  it('finds the people around with a range scan of the cell index, not a read of every position', async () => {
    const { db } = testApp.database;
    // Thousands of people visible all over the world, so that the planner weighs a real table.
    await db.execute(sql`
      INSERT INTO users (email) SELECT 'crowd-' || i || '@example.com' FROM generate_series(1, 4000) AS i`);
    await db.execute(sql`
      INSERT INTO nearby_presence (user_id, visible_since, cell_row, cell_column, located_at)
      SELECT id, ${clock.now().toISOString()}, (random() * 17999)::int, (random() * 35999)::int, ${clock.now().toISOString()}
      FROM users WHERE email LIKE 'crowd-%'`);
    await db.execute(sql`ANALYZE nearby_presence`);
    await db.execute(sql`ANALYZE users`);
    await db.execute(sql`ANALYZE profiles`);
    const ana = await person();

    const plan = await queryRows<Record<string, string>>(
      db,
      sql`EXPLAIN `.append(candidatesQuery(ana.userId, cellOf(newCafe()), NEARBY.radiusKm.max, clock.now())),
    );
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n');

    expect(text).toContain('nearby_presence_cell_idx');
    expect(text).not.toMatch(/Seq Scan on nearby_presence/);
  });
});

describe('nearby position updates', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: { nearbyLocationPerUser: { max: 3, windowSeconds: 60 } } });
  });
  afterAll(() => testApp.close());

  it('are limited per person, so that a made-up position cannot be walked around to find people', async () => {
    const [ana, bruno] = [
      await signUpAndSignIn(testApp.app, { ztartag: uniqueTag('near') }),
      await signUpAndSignIn(testApp.app, { ztartag: uniqueTag('near') }),
    ];
    const put = (who: SignedInPerson, url: string, payload: object) =>
      testApp.app.inject(as(who, { method: 'PUT', url, payload }));
    await put(ana, '/api/nearby/visibility', { enabled: true });
    await put(bruno, '/api/nearby/visibility', { enabled: true });
    const statuses = [];
    for (let step = 0; step < 4; step++) {
      statuses.push(
        (await put(ana, '/api/nearby/location', { latitude: 38.7 + step / 100, longitude: -9.1 })).statusCode,
      );
    }

    expect(statuses).toEqual([204, 204, 204, 429]);
    expect((await put(bruno, '/api/nearby/location', { latitude: 38.7, longitude: -9.1 })).statusCode).toBe(
      204,
    );
  });
});

describe('nearby positions in the logs', () => {
  let testApp: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    testApp = await buildTestApp({ config: { nodeEnv: 'development', logLevel: 'trace' }, logStream });
  });
  afterAll(() => testApp.close());

  it('never appear: not sent ones, not refused ones, not the cells', async () => {
    const ana = await signUpAndSignIn(testApp.app, { ztartag: uniqueTag('near') });
    const put = (url: string, payload: object) =>
      testApp.app.inject(as(ana, { method: 'PUT', url, payload }));
    const position = { latitude: 38.712345, longitude: -9.139876 };
    const refused = { latitude: 91.54321, longitude: -181.98765 };

    expect((await put('/api/nearby/visibility', { enabled: true })).statusCode).toBe(200);
    expect((await put('/api/nearby/location', position)).statusCode).toBe(204);
    expect((await put('/api/nearby/location', refused)).statusCode).toBe(400);
    expect(
      (await testApp.app.inject(as(ana, { method: 'GET', url: '/api/nearby?radiusKm=10' }))).statusCode,
    ).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/nearby/location');
    const cell = cellOf(position);
    for (const value of ['38.712345', '-9.139876', '91.54321', '-181.98765'])
      expect(log).not.toContain(value);
    // The cell numbers as numbers (a request id or a timing may hold the same digits among others).
    for (const value of [cell.row, cell.column]) expect(log).not.toMatch(new RegExp(`[:=\\[ ]${value}\\b`));
  });
});
