import {
  DEFAULT_DYNAMIC_QR,
  type DynamicQr,
  type DynamicQrRule,
  dynamicQrSchema,
} from '@ztart/shared/contracts/qr-codes';
import type { QrUserLevel } from '@ztart/shared/dynamic-qr';
import { messageKeyOf } from '@/features/qr/form-issues';
import type { FieldErrors } from '@/lib/forms/form-errors';

/**
 * The dynamic QR manager's form: the contract's DynamicQr as people edit it (text for numbers
 * that are being typed, a switch per condition). Field errors are keyed by the contract's own
 * paths (`rules.1.conditions.location.latitude`), so the server's answers land on the same fields.
 */
export interface RuleDraft {
  /** Stable across reordering, for React keys and focus. */
  key: string;
  timeOn: boolean;
  startHour: number;
  endHour: number;
  locationOn: boolean;
  latitude: string;
  longitude: string;
  maxKm: string;
  /** '' = any level. */
  userLevel: QrUserLevel | '';
  redirectUrl: string;
  message: string;
}

export interface DynamicDraft {
  enabled: boolean;
  timeZone: string;
  redirectUrl: string;
  message: string;
  rules: RuleDraft[];
}

let nextRuleKey = 0;

function ruleKey(): string {
  nextRuleKey += 1;
  return `rule-${nextRuleKey}`;
}

/** A new rule: evenings at the person's place, say; every condition off until chosen. */
export function newRuleDraft(): RuleDraft {
  return {
    key: ruleKey(),
    timeOn: false,
    startHour: 9,
    endHour: 17,
    locationOn: false,
    latitude: '',
    longitude: '',
    maxKm: '1',
    userLevel: '',
    redirectUrl: '',
    message: '',
  };
}

function ruleDraftOf(rule: DynamicQrRule): RuleDraft {
  const { time, location, userLevel } = rule.conditions;
  return {
    ...newRuleDraft(),
    timeOn: time !== undefined,
    startHour: time?.startHour ?? 9,
    endHour: time?.endHour ?? 17,
    locationOn: location !== undefined,
    latitude: location ? String(location.latitude) : '',
    longitude: location ? String(location.longitude) : '',
    maxKm: location ? String(location.maxKm) : '1',
    userLevel: userLevel ?? '',
    redirectUrl: rule.target.redirectUrl ?? '',
    message: rule.target.message ?? '',
  };
}

/** The browser's IANA time zone ("Europe/Lisbon"), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function isUntouched(dynamic: DynamicQr): boolean {
  return (
    !dynamic.enabled &&
    dynamic.rules.length === 0 &&
    dynamic.redirectUrl === DEFAULT_DYNAMIC_QR.redirectUrl &&
    dynamic.message === DEFAULT_DYNAMIC_QR.message
  );
}

/** The form for saved settings; settings never touched get the browser's time zone. */
export function draftOf(dynamic: DynamicQr, timeZone: string = browserTimeZone()): DynamicDraft {
  return {
    enabled: dynamic.enabled,
    timeZone: isUntouched(dynamic) ? timeZone : dynamic.timeZone,
    redirectUrl: dynamic.redirectUrl ?? '',
    message: dynamic.message ?? '',
    rules: dynamic.rules.map(ruleDraftOf),
  };
}

/** Moves the rule at `index` by `delta` places (order matters: the first matching rule decides). */
export function moveRule(rules: readonly RuleDraft[], index: number, delta: number): RuleDraft[] {
  const target = index + delta;
  if (target < 0 || target >= rules.length) return [...rules];
  const next = [...rules];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/**
 * A coordinate or distance as typed: digits with one "." or "," as the decimal mark (French,
 * Spanish and Portuguese keyboards give ","). Not money: a float is what it is.
 */
export function parseDecimalInput(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

function optionalText(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

export type DynamicParse = { ok: true; value: DynamicQr } | { ok: false; errors: FieldErrors };

const COORDINATE_KEYS = {
  latitude: 'validation:latitude',
  longitude: 'validation:longitude',
  maxKm: 'validation:distance',
} as const;

/** The settings to save, checked with the contract's schema, or the errors by field path. */
export function parseDynamicDraft(draft: DynamicDraft): DynamicParse {
  const errors: FieldErrors = {};
  const rules = draft.rules.map((rule, index) => {
    const conditions: Record<string, unknown> = {};
    if (rule.timeOn) conditions.time = { startHour: rule.startHour, endHour: rule.endHour };
    if (rule.locationOn) {
      const location: Record<string, number> = {};
      for (const field of ['latitude', 'longitude', 'maxKm'] as const) {
        const text = rule[field];
        const value = parseDecimalInput(text);
        if (value === null) {
          errors[`rules.${index}.conditions.location.${field}`] =
            text.trim() === '' ? 'validation:required' : COORDINATE_KEYS[field];
        }
        // A stand-in that passes, so the schema reports only the other fields' problems.
        location[field] = value ?? 1;
      }
      conditions.location = location;
    }
    if (rule.userLevel) conditions.userLevel = rule.userLevel;
    return {
      conditions,
      target: { redirectUrl: optionalText(rule.redirectUrl), message: optionalText(rule.message) },
    };
  });
  const candidate = {
    enabled: draft.enabled,
    timeZone: draft.timeZone,
    redirectUrl: optionalText(draft.redirectUrl),
    message: optionalText(draft.message),
    rules,
  };
  const result = dynamicQrSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= messageKeyOf(issue);
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: result.data };
}

/** Field errors of a `validation_failed` answer to `PATCH { dynamic }`, on the form's paths. */
export function dynamicErrorsFromIssues(
  issues: readonly { path: string; code: string; message: string }[],
): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (!issue.path.startsWith('dynamic.') && issue.path !== 'dynamic') continue;
    const path = issue.path.slice('dynamic.'.length);
    errors[path || 'dynamic'] ??= messageKeyOf(issue);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
