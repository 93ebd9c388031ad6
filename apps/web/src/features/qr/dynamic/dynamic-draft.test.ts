import { DEFAULT_DYNAMIC_QR, DYNAMIC_QR_MAX_RULES, type DynamicQr } from '@ztart/shared/contracts/qr-codes';
import { describe, expect, it } from 'vitest';
import {
  type DynamicDraft,
  draftOf,
  dynamicErrorsFromIssues,
  moveRule,
  newRuleDraft,
  parseDecimalInput,
  parseDynamicDraft,
  type RuleDraft,
} from '@/features/qr/dynamic/dynamic-draft';

function draft(overrides: Partial<DynamicDraft> = {}): DynamicDraft {
  return { enabled: true, timeZone: 'Europe/Lisbon', redirectUrl: '', message: '', rules: [], ...overrides };
}

function rule(overrides: Partial<RuleDraft> = {}): RuleDraft {
  return { ...newRuleDraft(), ...overrides };
}

describe('the dynamic QR form', () => {
  it('starts a never-used code in the browser time zone, and keeps a saved zone', () => {
    expect(draftOf(DEFAULT_DYNAMIC_QR, 'America/Sao_Paulo').timeZone).toBe('America/Sao_Paulo');
    const saved: DynamicQr = { ...DEFAULT_DYNAMIC_QR, enabled: true, timeZone: 'Asia/Tokyo' };
    expect(draftOf(saved, 'America/Sao_Paulo').timeZone).toBe('Asia/Tokyo');
  });

  it('reads saved rules back into the fields they came from', () => {
    const saved: DynamicQr = {
      enabled: true,
      timeZone: 'UTC',
      redirectUrl: null,
      message: 'Thanks!',
      rules: [
        {
          conditions: {
            time: { startHour: 22, endHour: 6 },
            location: { latitude: 38.7223, longitude: -9.1393, maxKm: 0.5 },
            userLevel: 'premium',
          },
          target: { redirectUrl: 'https://example.com/night', message: null },
        },
      ],
    };
    const form = draftOf(saved);
    expect(form.message).toBe('Thanks!');
    expect(form.rules[0]).toMatchObject({
      timeOn: true,
      startHour: 22,
      endHour: 6,
      locationOn: true,
      latitude: '38.7223',
      longitude: '-9.1393',
      maxKm: '0.5',
      userLevel: 'premium',
      redirectUrl: 'https://example.com/night',
      message: '',
    });
    const parsed = parseDynamicDraft(form);
    expect(parsed).toEqual({ ok: true, value: saved });
  });

  it('sends only the conditions that are switched on, and empty targets as null', () => {
    const parsed = parseDynamicDraft(
      draft({
        redirectUrl: '  ',
        message: ' Welcome ',
        rules: [
          rule({ timeOn: true, startHour: 18, endHour: 23, latitude: 'ignored', message: 'Happy hour' }),
          rule({ userLevel: 'business', redirectUrl: 'https://example.com/b2b' }),
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        enabled: true,
        timeZone: 'Europe/Lisbon',
        redirectUrl: null,
        message: 'Welcome',
        rules: [
          {
            conditions: { time: { startHour: 18, endHour: 23 } },
            target: { redirectUrl: null, message: 'Happy hour' },
          },
          {
            conditions: { userLevel: 'business' },
            target: { redirectUrl: 'https://example.com/b2b', message: null },
          },
        ],
      },
    });
  });

  it('reads coordinates typed with a decimal comma', () => {
    expect(parseDecimalInput('38,7223')).toBe(38.7223);
    expect(parseDecimalInput(' -9.1393 ')).toBe(-9.1393);
    expect(parseDecimalInput('.5')).toBe(0.5);
    for (const text of ['', 'north', '1.2.3', '1,2,3', '--1', 'Infinity', '1e3']) {
      expect(parseDecimalInput(text), text).toBeNull();
    }
  });

  it('names each wrong field by its path in the contract', () => {
    const parsed = parseDynamicDraft(
      draft({
        timeZone: 'Mars/Olympus_Mons',
        redirectUrl: 'ftp://example.com',
        rules: [
          rule({ message: 'ok' }),
          rule({ locationOn: true, latitude: '', longitude: '200', maxKm: '0' }),
          rule({ locationOn: true, latitude: 'north', longitude: '1', maxKm: '1', message: 'x' }),
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        timeZone: 'validation:timeZone',
        redirectUrl: 'validation:url',
        'rules.1.conditions.location.latitude': 'validation:required',
        'rules.1.conditions.location.longitude': 'validation:longitude',
        'rules.1.conditions.location.maxKm': 'validation:distance',
        'rules.1.target.redirectUrl': 'validation:dynamicTarget',
        'rules.2.conditions.location.latitude': 'validation:latitude',
      },
    });
  });

  it('refuses more rules than the contract allows', () => {
    const rules = Array.from({ length: DYNAMIC_QR_MAX_RULES + 1 }, () => rule({ message: 'hi' }));
    expect(parseDynamicDraft(draft({ rules }))).toEqual({
      ok: false,
      errors: { rules: 'validation:tooMany' },
    });
  });

  it('moves a rule up or down, and not past either end', () => {
    const [a, b, c] = [rule(), rule(), rule()];
    const rules = [a, b, c] as RuleDraft[];
    expect(moveRule(rules, 2, -1).map((r) => r.key)).toEqual([a?.key, c?.key, b?.key]);
    expect(moveRule(rules, 0, 1).map((r) => r.key)).toEqual([b?.key, a?.key, c?.key]);
    expect(moveRule(rules, 0, -1).map((r) => r.key)).toEqual([a?.key, b?.key, c?.key]);
    expect(moveRule(rules, 2, 1).map((r) => r.key)).toEqual([a?.key, b?.key, c?.key]);
  });

  it("puts the server's field errors on the same fields", () => {
    expect(
      dynamicErrorsFromIssues([
        { path: 'dynamic.rules.0.target.redirectUrl', code: 'custom', message: 'validation.dynamicTarget' },
        { path: 'dynamic.timeZone', code: 'custom', message: 'validation.timeZone' },
        { path: 'title', code: 'too_small', message: 'validation.required' },
      ]),
    ).toEqual({
      'rules.0.target.redirectUrl': 'validation:dynamicTarget',
      timeZone: 'validation:timeZone',
    });
    expect(dynamicErrorsFromIssues([{ path: 'title', code: 'too_small', message: 'x' }])).toBeNull();
  });
});
