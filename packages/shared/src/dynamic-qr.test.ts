import { describe, expect, it } from 'vitest';
import {
  createQrCodeRequestSchema,
  type DynamicQrRule,
  type DynamicQrTarget,
  dynamicQrRuleSchema,
  dynamicQrSchema,
  tipRequestSchema,
} from './contracts/qr-codes.ts';
import {
  type DynamicQrScan,
  EARTH_RADIUS_KM,
  type GeoPosition,
  haversineKm,
  isTimeZone,
  localHour,
  qrUserLevelOf,
  resolveDynamicQr,
} from './dynamic-qr.ts';
import { USER_LEVELS } from './roles.ts';

const tipPage: DynamicQrTarget = { redirectUrl: null, message: null };
const menu: DynamicQrTarget = { redirectUrl: 'https://cafe.example.com/menu', message: null };
const nightMessage: DynamicQrTarget = { redirectUrl: null, message: 'Thanks for coming tonight!' };

function scanAt(iso: string, overrides: Partial<DynamicQrScan> = {}): DynamicQrScan {
  return { now: new Date(iso), timeZone: 'UTC', position: null, userLevel: null, ...overrides };
}

function rule(conditions: DynamicQrRule['conditions'], target: DynamicQrTarget = menu): DynamicQrRule {
  return { conditions, target };
}

/** Whether a single rule decides the scan (rather than the default target). */
function matches(conditions: DynamicQrRule['conditions'], scan: DynamicQrScan): boolean {
  return resolveDynamicQr([rule(conditions)], tipPage, scan).ruleIndex === 0;
}

describe('time windows, in the receiver’s time zone', () => {
  const paris = { timeZone: 'Europe/Paris' };
  const nineToFive = { time: { startHour: 9, endHour: 17 } };

  it('open at the start hour and closed at the end hour', () => {
    // January: Paris is UTC+1.
    expect(matches(nineToFive, scanAt('2026-01-15T07:59:59Z', paris))).toBe(false);
    expect(matches(nineToFive, scanAt('2026-01-15T08:00:00Z', paris))).toBe(true);
    expect(matches(nineToFive, scanAt('2026-01-15T15:59:59Z', paris))).toBe(true);
    expect(matches(nineToFive, scanAt('2026-01-15T16:00:00Z', paris))).toBe(false);
  });

  it('reads the hour in the receiver’s zone, not the server’s or UTC', () => {
    // 08:30 UTC is 09:30 in Paris but 05:30 in São Paulo.
    expect(matches(nineToFive, scanAt('2026-01-15T08:30:00Z', paris))).toBe(true);
    expect(matches(nineToFive, scanAt('2026-01-15T08:30:00Z', { timeZone: 'America/Sao_Paulo' }))).toBe(
      false,
    );
  });

  it('wraps past midnight when the end comes before the start', () => {
    const night = { time: { startHour: 22, endHour: 6 } };
    const saoPaulo = { timeZone: 'America/Sao_Paulo' }; // UTC-3 all year
    expect(matches(night, scanAt('2026-05-02T00:59:59Z', saoPaulo))).toBe(false); // 21:59
    expect(matches(night, scanAt('2026-05-02T01:00:00Z', saoPaulo))).toBe(true); // 22:00
    expect(matches(night, scanAt('2026-05-02T03:00:00Z', saoPaulo))).toBe(true); // 00:00
    expect(matches(night, scanAt('2026-05-02T08:59:59Z', saoPaulo))).toBe(true); // 05:59
    expect(matches(night, scanAt('2026-05-02T09:00:00Z', saoPaulo))).toBe(false); // 06:00
  });

  it('is open all day when start and end are the same hour', () => {
    for (let hour = 0; hour < 24; hour++) {
      const iso = `2026-03-01T${String(hour).padStart(2, '0')}:30:00Z`;
      expect(matches({ time: { startHour: 7, endHour: 7 } }, scanAt(iso))).toBe(true);
    }
  });

  it('follows the wall clock across the spring-forward day: the skipped hour never comes', () => {
    const newYork = { timeZone: 'America/New_York' };
    // 10 March 2024: 01:59:59 EST (06:59:59Z) is followed by 03:00 EDT (07:00Z).
    expect(localHour(new Date('2024-03-10T06:59:59Z'), 'America/New_York')).toBe(1);
    expect(localHour(new Date('2024-03-10T07:00:00Z'), 'America/New_York')).toBe(3);
    let twoOClockMatches = 0;
    for (let minute = 0; minute < 24 * 60; minute++) {
      const now = new Date(Date.parse('2024-03-10T05:00:00Z') + minute * 60_000);
      if (
        matches(
          { time: { startHour: 2, endHour: 3 } },
          { ...scanAt('2024-03-10T00:00:00Z'), ...newYork, now },
        )
      ) {
        twoOClockMatches++;
      }
    }
    expect(twoOClockMatches).toBe(0);
    expect(matches({ time: { startHour: 3, endHour: 4 } }, scanAt('2024-03-10T07:00:00Z', newYork))).toBe(
      true,
    );
    expect(matches({ time: { startHour: 1, endHour: 3 } }, scanAt('2024-03-10T07:00:00Z', newYork))).toBe(
      false,
    );
  });

  it('matches both runs of the repeated hour on the fall-back day', () => {
    const newYork = { timeZone: 'America/New_York' };
    const oneAm = { time: { startHour: 1, endHour: 2 } };
    expect(matches(oneAm, scanAt('2024-11-03T05:30:00Z', newYork))).toBe(true); // 01:30 EDT
    expect(matches(oneAm, scanAt('2024-11-03T06:30:00Z', newYork))).toBe(true); // 01:30 EST
    expect(matches(oneAm, scanAt('2024-11-03T07:00:00Z', newYork))).toBe(false); // 02:00 EST
  });

  it('says 0, not 24, at midnight', () => {
    expect(localHour(new Date('2026-01-15T23:00:00Z'), 'Europe/Paris')).toBe(0);
  });

  it('never matches in a time zone the runtime does not know', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(
      matches(
        { time: { startHour: 0, endHour: 0 } },
        scanAt('2026-01-15T12:00:00Z', { timeZone: 'Mars/Olympus_Mons' }),
      ),
    ).toBe(false);
  });
});

describe('location', () => {
  const cafe: GeoPosition = { latitude: 48.8566, longitude: 2.3522 };
  const kmNorth = (km: number): GeoPosition => ({
    latitude: cafe.latitude + (km / (EARTH_RADIUS_KM * Math.PI)) * 180,
    longitude: cafe.longitude,
  });

  it('measures great-circle distances', () => {
    // One degree of arc on the mean-radius sphere: 2πR/360.
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.195, 3);
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_KM,
      6,
    );
    expect(haversineKm(cafe, cafe)).toBe(0);
    expect(haversineKm(cafe, kmNorth(2))).toBeCloseTo(2, 9);
  });

  it('matches within and exactly at the distance, not beyond', () => {
    const nearby = { location: { ...cafe, maxKm: 1 } };
    expect(matches(nearby, scanAt('2026-01-15T12:00:00Z', { position: kmNorth(0.5) }))).toBe(true);
    expect(matches(nearby, scanAt('2026-01-15T12:00:00Z', { position: kmNorth(1.01) }))).toBe(false);

    const edge = kmNorth(1);
    const exactly = haversineKm(cafe, edge);
    expect(
      matches({ location: { ...cafe, maxKm: exactly } }, scanAt('2026-01-15T12:00:00Z', { position: edge })),
    ).toBe(true);
    expect(
      matches(
        { location: { ...cafe, maxKm: exactly - 1e-9 } },
        scanAt('2026-01-15T12:00:00Z', { position: edge }),
      ),
    ).toBe(false);
  });

  it('does not match when the scanner shares no position, or a position that is not one', () => {
    const anywhere = { location: { ...cafe, maxKm: 20_000 } };
    expect(matches(anywhere, scanAt('2026-01-15T12:00:00Z', { position: null }))).toBe(false);
    expect(
      matches(anywhere, scanAt('2026-01-15T12:00:00Z', { position: { latitude: Number.NaN, longitude: 0 } })),
    ).toBe(false);
    expect(
      matches(anywhere, scanAt('2026-01-15T12:00:00Z', { position: { latitude: 91, longitude: 0 } })),
    ).toBe(false);
    expect(matches(anywhere, scanAt('2026-01-15T12:00:00Z', { position: kmNorth(3) }))).toBe(true);
  });
});

describe('user level', () => {
  it('puts our profile levels in the four buckets of the manager; signed out is guest', () => {
    expect(Object.fromEntries(USER_LEVELS.map((level) => [level, qrUserLevelOf(level)]))).toEqual({
      guest: 'guest',
      freemium: 'basic',
      standard: 'basic',
      pro: 'premium',
      premium: 'premium',
      business: 'business',
      enterprise: 'business',
    });
    expect(qrUserLevelOf(null)).toBe('guest');
  });

  it('matches only the level named', () => {
    const premiumOnly = { userLevel: 'premium' as const };
    expect(matches(premiumOnly, scanAt('2026-01-15T12:00:00Z', { userLevel: 'pro' }))).toBe(true);
    expect(matches(premiumOnly, scanAt('2026-01-15T12:00:00Z', { userLevel: 'standard' }))).toBe(false);
    expect(matches(premiumOnly, scanAt('2026-01-15T12:00:00Z', { userLevel: 'business' }))).toBe(false);
    expect(matches(premiumOnly, scanAt('2026-01-15T12:00:00Z', { userLevel: null }))).toBe(false);
    expect(matches({ userLevel: 'guest' }, scanAt('2026-01-15T12:00:00Z', { userLevel: null }))).toBe(true);
  });
});

describe('resolveDynamicQr', () => {
  const lunch = rule({ time: { startHour: 11, endHour: 15 } }, menu);
  const premiumAtLunch = rule({ time: { startHour: 11, endHour: 15 }, userLevel: 'premium' }, nightMessage);

  it('falls back to the default target when no rule matches, or there are none', () => {
    expect(resolveDynamicQr([], tipPage, scanAt('2026-01-15T12:00:00Z'))).toEqual({
      target: tipPage,
      ruleIndex: null,
    });
    expect(resolveDynamicQr([lunch], tipPage, scanAt('2026-01-15T20:00:00Z'))).toEqual({
      target: tipPage,
      ruleIndex: null,
    });
  });

  it('lets the first matching rule decide, in order', () => {
    const premium = scanAt('2026-01-15T12:00:00Z', { userLevel: 'premium' });
    expect(resolveDynamicQr([lunch, premiumAtLunch], tipPage, premium)).toEqual({
      target: menu,
      ruleIndex: 0,
    });
    expect(resolveDynamicQr([premiumAtLunch, lunch], tipPage, premium)).toEqual({
      target: nightMessage,
      ruleIndex: 0,
    });
    const basic = scanAt('2026-01-15T12:00:00Z', { userLevel: 'standard' });
    expect(resolveDynamicQr([premiumAtLunch, lunch], tipPage, basic)).toEqual({ target: menu, ruleIndex: 1 });
  });

  it('needs every condition of a rule to match', () => {
    const here: GeoPosition = { latitude: -23.5505, longitude: -46.6333 };
    const all = rule({
      time: { startHour: 9, endHour: 17 },
      location: { ...here, maxKm: 1 },
      userLevel: 'basic',
    });
    const base = { timeZone: 'America/Sao_Paulo', position: here, userLevel: 'freemium' as const };
    expect(resolveDynamicQr([all], tipPage, scanAt('2026-01-15T15:00:00Z', base)).ruleIndex).toBe(0);
    expect(resolveDynamicQr([all], tipPage, scanAt('2026-01-15T21:00:00Z', base)).ruleIndex).toBeNull();
    expect(
      resolveDynamicQr([all], tipPage, scanAt('2026-01-15T15:00:00Z', { ...base, position: null })).ruleIndex,
    ).toBeNull();
    expect(
      resolveDynamicQr([all], tipPage, scanAt('2026-01-15T15:00:00Z', { ...base, userLevel: 'business' }))
        .ruleIndex,
    ).toBeNull();
  });

  it('treats a rule without conditions as a catch-all', () => {
    const always = rule({}, nightMessage);
    expect(resolveDynamicQr([lunch, always], tipPage, scanAt('2026-01-15T20:00:00Z'))).toEqual({
      target: nightMessage,
      ruleIndex: 1,
    });
  });
});

describe('QR code contract', () => {
  it('keeps rules the resolver can read, refusing a rule that leads nowhere and impossible values', () => {
    const stored = {
      enabled: true,
      timeZone: 'America/Sao_Paulo',
      redirectUrl: null,
      message: null,
      rules: [
        {
          conditions: {
            time: { startHour: 22, endHour: 6 },
            location: { latitude: 0, longitude: 0, maxKm: 5 },
          },
          target: { redirectUrl: null, message: 'Boa noite!' },
        },
      ],
    };
    const dynamic = dynamicQrSchema.parse(stored);
    expect(
      resolveDynamicQr(
        dynamic.rules,
        tipPage,
        scanAt('2026-05-02T03:00:00Z', {
          timeZone: dynamic.timeZone,
          position: { latitude: 0.01, longitude: 0 },
        }),
      ).target.message,
    ).toBe('Boa noite!');

    const nowhere = dynamicQrRuleSchema.safeParse({
      conditions: {},
      target: { redirectUrl: null, message: null },
    });
    expect(nowhere.error?.issues.map((issue) => issue.message)).toEqual(['validation.dynamicTarget']);
    const badHour = dynamicQrRuleSchema.safeParse({
      conditions: { time: { startHour: 0, endHour: 24 } },
      target: menu,
    });
    expect(badHour.error?.issues.map((issue) => issue.message)).toEqual(['validation.hour']);
    expect(dynamicQrSchema.safeParse({ ...stored, timeZone: 'Nowhere/Land' }).success).toBe(false);
    expect(
      dynamicQrRuleSchema.safeParse({
        conditions: {},
        target: { redirectUrl: 'javascript:alert(1)', message: null },
      }).success,
    ).toBe(false);
  });

  it('asks an amount of a payment QR code and BRL of a PIX one', () => {
    const base = { title: 'Tip jar', currency: 'USD' };
    expect(createQrCodeRequestSchema.parse(base)).toMatchObject({
      kind: 'tip_link',
      amountMinor: null,
      emv: { profile: 'none' },
    });
    const payment = createQrCodeRequestSchema.safeParse({ ...base, kind: 'payment' });
    expect(payment.error?.issues.map((issue) => issue.message)).toEqual(['validation.amountRequired']);
    const pix = { profile: 'pix', pixKey: 'ana@example.com', merchantName: 'Ana', merchantCity: 'Recife' };
    expect(createQrCodeRequestSchema.safeParse({ ...base, emv: pix }).error?.issues[0]?.message).toBe(
      'validation.pixCurrency',
    );
    expect(createQrCodeRequestSchema.safeParse({ ...base, currency: 'BRL', emv: pix }).success).toBe(true);
    expect(
      createQrCodeRequestSchema.safeParse({ ...base, currency: 'BRL', emv: { ...pix, pixKey: 'nope' } })
        .success,
    ).toBe(false);
  });

  it('asks a card of a quick tip and none of a tip from the wallet', () => {
    const card = {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      cardholderName: 'Ana',
    };
    const tip = { receiver: 'leo_guitar', amountMinor: 500, currency: 'USD' };
    expect(tipRequestSchema.parse({ ...tip, card })).toMatchObject({ source: 'card' });
    expect(tipRequestSchema.safeParse(tip).error?.issues[0]).toMatchObject({
      path: ['card'],
      message: 'validation.required',
    });
    expect(tipRequestSchema.safeParse({ ...tip, source: 'wallet' }).success).toBe(true);
    expect(tipRequestSchema.safeParse({ ...tip, source: 'wallet', card }).success).toBe(false);
    expect(tipRequestSchema.safeParse({ ...tip, card, amountMinor: 5.5 }).success).toBe(false);
    expect(tipRequestSchema.safeParse({ ...tip, card, message: 'x'.repeat(281) }).success).toBe(false);
  });
});
