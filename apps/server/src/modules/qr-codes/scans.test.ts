import { rmSync } from 'node:fs';
import type { DynamicQr, DynamicQrRule, PublicQrCode, QrCode } from '@ztart/shared/contracts/qr-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { profiles } from '../profiles/tables.ts';
import { qrCodes } from './tables.ts';
import { makeWebBuild, uniqueTag, WEB_INDEX_HTML } from './testing.ts';

const menu = 'https://cafe.example.com/menu';
/** Recife: UTC-3 all year, so the test's UTC instants give known local hours. */
const RECIFE = { latitude: -8.0476, longitude: -34.877 };

function dynamic(settings: Partial<DynamicQr>): DynamicQr {
  return {
    enabled: true,
    timeZone: 'America/Recife',
    redirectUrl: null,
    message: null,
    rules: [],
    ...settings,
  };
}

function redirectRule(conditions: DynamicQrRule['conditions'], redirectUrl: string): DynamicQrRule {
  return { conditions, target: { redirectUrl, message: null } };
}

describe('short links /q/<code> and /@<ztartag>', () => {
  let testApp: TestApp;
  let distDir: string;
  let receiver: SignedInPerson;
  let ztartag: string;
  const START = new Date('2026-05-10T12:00:00Z');
  const clock = createTestClock(START);
  beforeAll(async () => {
    distDir = makeWebBuild();
    testApp = await buildTestApp({ now: clock.now, config: { webDistDir: distDir } });
    ztartag = uniqueTag('cafe');
    receiver = await signUpAndSignIn(testApp.app, { ztartag });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const create = async (body: object): Promise<QrCode> => {
    const answer = await testApp.app.inject(
      as(receiver, {
        method: 'POST',
        url: '/api/qr-codes',
        payload: { title: 'Tips', currency: 'USD', ...body },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  const scan = (url: string, scanner?: SignedInPerson) =>
    testApp.app.inject(scanner ? as(scanner, { method: 'GET', url }) : { method: 'GET', url });
  const whereTo = async (url: string, scanner?: SignedInPerson) => {
    const answer = await scan(url, scanner);
    expect(answer.statusCode, answer.body).toBe(302);
    return answer.headers.location;
  };
  const scanCountOf = async (qr: QrCode): Promise<number> =>
    (await testApp.app.inject(as(receiver, { method: 'GET', url: `/api/qr-codes/${qr.id}` }))).json()
      .scanCount;
  const moveClockTo = (to: Date) => clock.advance({ seconds: (to.getTime() - clock.now().getTime()) / 1000 });
  /** Recife is UTC-3; the receiver's session is left alone, so that it does not idle out meanwhile. */
  const atLocalHour = (hour: number) =>
    moveClockTo(new Date(`2026-05-10T${String((hour + 3) % 24).padStart(2, '0')}:00:00Z`));

  describe('where a scan leads', () => {
    it('sends a tip QR code to the receiver’s quick-tip page, naming the QR code, and is never cached', async () => {
      const qr = await create({});

      const answer = await scan(`/q/${qr.code}`);

      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`/quick-tip?to=${ztartag}&qr=${qr.code}`);
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('sends a payment QR code to the quick-tip page with its amount and currency', async () => {
      const qr = await create({ kind: 'payment', amountMinor: 750, currency: 'EUR' });

      expect(await whereTo(`/q/${qr.code}`)).toBe(
        `/quick-tip?to=${ztartag}&qr=${qr.code}&amount=750&currency=EUR`,
      );
    });

    it('keeps to the QR code’s own page while the dynamic QR manager is off, whatever it holds', async () => {
      const qr = await create({
        dynamic: { ...dynamic({ redirectUrl: menu, message: 'Hi' }), enabled: false },
      });

      expect(await whereTo(`/q/${qr.code}`)).toBe(`/quick-tip?to=${ztartag}&qr=${qr.code}`);
    });

    it('follows the default redirect of a dynamic QR code, written as ASCII', async () => {
      const plain = await create({ dynamic: dynamic({ redirectUrl: menu }) });
      const accented = await create({
        dynamic: dynamic({ redirectUrl: 'https://café.example.com/menü?día=1' }),
      });

      expect(await whereTo(`/q/${plain.code}`)).toBe(menu);
      expect(await whereTo(`/q/${accented.code}`)).toBe(
        'https://xn--caf-dma.example.com/men%C3%BC?d%C3%ADa=1',
      );
    });

    it('shows a message on the QR code’s page first (even with a redirect), passing the position on', async () => {
      const qr = await create({ dynamic: dynamic({ redirectUrl: menu, message: 'Welcome!' }) });

      expect(await whereTo(`/q/${qr.code}`)).toBe(`/qr/${qr.code}`);
      expect(await whereTo(`/q/${qr.code}?lat=-8.05&lon=-34.88`)).toBe(`/qr/${qr.code}?lat=-8.05&lon=-34.88`);
    });

    it('falls back to the tip page when a dynamic QR code has no default target and no rule matches', async () => {
      const qr = await create({
        kind: 'payment',
        amountMinor: 500,
        dynamic: dynamic({ rules: [redirectRule({ userLevel: 'business' }, menu)] }),
      });

      expect(await whereTo(`/q/${qr.code}`)).toBe(
        `/quick-tip?to=${ztartag}&qr=${qr.code}&amount=500&currency=USD`,
      );
    });

    it('opens a time rule at its start hour in the receiver’s zone and closes it at its end hour', async () => {
      const qr = await create({
        dynamic: dynamic({
          redirectUrl: menu,
          rules: [redirectRule({ time: { startHour: 11, endHour: 15 } }, 'https://cafe.example.com/lunch')],
        }),
      });

      const destinations: string[] = [];
      try {
        for (const hour of [10, 11, 14, 15]) {
          atLocalHour(hour);
          destinations.push((await whereTo(`/q/${qr.code}`))!);
        }
      } finally {
        moveClockTo(START);
      }
      const [before, opening, lastHour, closing] = destinations;

      expect([before, opening, lastHour, closing]).toEqual([
        menu,
        'https://cafe.example.com/lunch',
        'https://cafe.example.com/lunch',
        menu,
      ]);
    });

    it('matches a location rule only for a scanner who shares a position within its distance', async () => {
      const qr = await create({
        dynamic: dynamic({
          redirectUrl: menu,
          rules: [redirectRule({ location: { ...RECIFE, maxKm: 5 } }, 'https://cafe.example.com/here')],
        }),
      });

      const nearby = await whereTo(`/q/${qr.code}?lat=-8.06&lon=-34.9`);
      const farAway = await whereTo(`/q/${qr.code}?lat=-23.55&lon=-46.63`);
      const noPosition = await whereTo(`/q/${qr.code}`);
      const halfAPosition = await whereTo(`/q/${qr.code}?lat=-8.06`);
      const garbage = await whereTo(`/q/${qr.code}?lat=north&lon=west`);

      expect([nearby, farAway, noPosition, halfAPosition, garbage]).toEqual([
        'https://cafe.example.com/here',
        menu,
        menu,
        menu,
        menu,
      ]);
    });

    it('matches a user-level rule with the scanner’s session level; signed out is guest', async () => {
      const qr = await create({
        dynamic: dynamic({
          redirectUrl: menu,
          rules: [
            redirectRule({ userLevel: 'premium' }, 'https://cafe.example.com/vip'),
            redirectRule({ userLevel: 'guest' }, 'https://cafe.example.com/join'),
          ],
        }),
      });
      const premium = await signUpAndSignIn(testApp.app);
      await testApp.database.db
        .update(profiles)
        .set({ userLevel: 'pro' })
        .where(eq(profiles.id, premium.userId));
      const basic = await signUpAndSignIn(testApp.app);

      const asPremium = await whereTo(`/q/${qr.code}`, premium);
      const asBasic = await whereTo(`/q/${qr.code}`, basic);
      const asGuest = await whereTo(`/q/${qr.code}`);
      const endedSession = await whereTo(`/q/${qr.code}`, { ...premium, sessionToken: 'no-such-session' });

      expect([asPremium, asBasic, asGuest, endedSession]).toEqual([
        'https://cafe.example.com/vip',
        menu,
        'https://cafe.example.com/join',
        'https://cafe.example.com/join',
      ]);
    });
  });

  describe('scan counts', () => {
    it('counts every scan, scans at the same moment included', async () => {
      const qr = await create({});

      await Promise.all(Array.from({ length: 5 }, () => scan(`/q/${qr.code}`)));
      await scan(`/q/${qr.code}`);

      expect(await scanCountOf(qr)).toBe(6);
    });

    it('does not count a HEAD request or a read of the QR code’s page data', async () => {
      const qr = await create({});

      const head = await testApp.app.inject({ method: 'HEAD', url: `/q/${qr.code}` });
      const page = await testApp.app.inject({ method: 'GET', url: `/api/public/qr-codes/${qr.code}` });

      expect([head.statusCode, page.statusCode]).toEqual([302, 200]);
      expect(await scanCountOf(qr)).toBe(0);
    });
  });

  describe('links that lead nowhere', () => {
    const expectNotFoundPage = (answer: {
      statusCode: number;
      headers: Record<string, unknown>;
      body: string;
    }) => {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toBe(WEB_INDEX_HTML);
    };

    it('opens the web app’s not-found page, status 404, for a deleted QR code, and stops counting', async () => {
      const qr = await create({});
      await testApp.app.inject(as(receiver, { method: 'DELETE', url: `/api/qr-codes/${qr.id}` }));

      expectNotFoundPage(await scan(`/q/${qr.code}`));
      const [row] = await testApp.database.db.select().from(qrCodes).where(eq(qrCodes.id, qr.id));
      expect(row?.scanCount).toBe(0);
    });

    it.each(['/q/Unknown1', '/q/x', '/q/not-a-code!', '/@nobody_here', '/@x'])(
      'opens the not-found page for %s',
      async (url) => {
        expectNotFoundPage(await scan(url));
      },
    );

    it('takes a short code as written: another letter case is another code', async () => {
      const qr = await create({});
      const swapped = [...qr.code]
        .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
        .join('');
      if (swapped === qr.code) return;

      expectNotFoundPage(await scan(`/q/${swapped}`));
    });

    it('leads nowhere once the receiver deleted their account', async () => {
      const leaving = await signUpAndSignIn(testApp.app, { ztartag: uniqueTag('gone') });
      const answer = await testApp.app.inject(
        as(leaving, { method: 'POST', url: '/api/qr-codes', payload: { title: 'Tips', currency: 'USD' } }),
      );
      const qr = answer.json<QrCode>();
      const deleted = await testApp.app.inject(
        as(leaving, {
          method: 'DELETE',
          url: '/api/profiles/me',
          payload: { confirmation: 'DELETE', password: leaving.password },
        }),
      );
      expect(deleted.statusCode, deleted.body).toBe(204);

      expectNotFoundPage(await scan(`/q/${qr.code}`));
      expect((await scan(`/api/public/qr-codes/${qr.code}`)).statusCode).toBe(404);
    });
  });

  describe('/@<ztartag>', () => {
    it('opens the public profile page of the web app, in any letter case', async () => {
      for (const url of [`/@${ztartag}`, `/@${ztartag.toUpperCase()}`]) {
        const answer = await scan(url);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.body).toBe(WEB_INDEX_HTML);
      }
    });
  });

  describe('GET /api/public/qr-codes/{code}', () => {
    it('gives the page of a QR code what it shows: the QR code, its receiver and the resolved target', async () => {
      const qr = await create({
        description: 'Thanks for visiting',
        dynamic: dynamic({
          message: 'Welcome!',
          rules: [
            {
              conditions: { location: { ...RECIFE, maxKm: 1 } },
              target: { redirectUrl: menu, message: 'Nearby!' },
            },
          ],
        }),
      });

      const away = await testApp.app.inject({ method: 'GET', url: `/api/public/qr-codes/${qr.code}` });
      const here = await testApp.app.inject({
        method: 'GET',
        url: `/api/public/qr-codes/${qr.code}?lat=${RECIFE.latitude}&lon=${RECIFE.longitude}`,
      });

      expect(away.json<PublicQrCode>()).toEqual({
        code: qr.code,
        title: 'Tips',
        description: 'Thanks for visiting',
        kind: 'tip_link',
        amountMinor: null,
        currency: 'USD',
        receiver: { ztartag, fullName: null, avatarUrl: null },
        redirectUrl: null,
        message: 'Welcome!',
      });
      expect(here.json()).toMatchObject({ redirectUrl: menu, message: 'Nearby!' });
    });

    it('answers not_found for an unknown or deleted code and refuses half a position', async () => {
      const qr = await create({});
      await testApp.app.inject(as(receiver, { method: 'DELETE', url: `/api/qr-codes/${qr.id}` }));

      const answers = await Promise.all(
        [
          `/api/public/qr-codes/${qr.code}`,
          '/api/public/qr-codes/Unknown1',
          '/api/public/qr-codes/Unknown1?lat=1',
        ].map((url) => testApp.app.inject({ method: 'GET', url })),
      );

      expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
        [404, 'not_found'],
        [404, 'not_found'],
        [400, 'validation_failed'],
      ]);
    });
  });
});
