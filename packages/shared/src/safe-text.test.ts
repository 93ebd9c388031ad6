import { describe, expect, it } from 'vitest';
import { updateProfileRequestSchema } from './contracts/profiles.ts';
import { logUserActionRequestSchema } from './contracts/security.ts';
import { categoryRequestSchema, transactionQuerySchema } from './contracts/transactions.ts';
import { transferRequestSchema } from './contracts/wallet.ts';
import {
  isSafeJsonValue,
  isSafeText,
  SAFE_JSON_MAX_DEPTH,
  safeText,
  UNSAFE_TEXT_MESSAGE,
} from './safe-text.ts';

const LONE_HIGH_SURROGATE = '\ud800';
const LONE_LOW_SURROGATE = '\udc00';

describe('safe text', () => {
  it('takes any language, emoji and right-to-left text', () => {
    for (const text of [
      'Café Aurora',
      'مرحبا بالعالم',
      'שלום',
      '日本語のメモ',
      '👩‍🍳 tips 🎸',
      'a\u200db',
      '',
    ]) {
      expect(isSafeText(text), text).toBe(true);
    }
  });

  it('refuses NUL, other control characters and lone surrogates', () => {
    for (const text of [
      'a\u0000b',
      '\u0007',
      'x\u007f',
      '\u009b',
      `a${LONE_HIGH_SURROGATE}`,
      `${LONE_LOW_SURROGATE}z`,
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      expect(isSafeText(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps line breaks and tabs only in multi-line text', () => {
    expect(isSafeText('line one\r\nline two\tend', { multiline: true })).toBe(true);
    expect(isSafeText('line one\nline two')).toBe(false);
  });

  it('answers with the translation key of refused text, after trimming', () => {
    expect(safeText().parse('  name\n')).toBe('name');
    const result = safeText().safeParse('na\u0000me');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('guards every kind of text the issue names: category, note, search, profile, audit metadata', () => {
    const nul = 'bad\u0000text';
    expect(categoryRequestSchema.safeParse({ name: nul }).success).toBe(false);
    expect(
      transferRequestSchema.safeParse({
        recipient: 'leo_guitar',
        amountMinor: 100,
        currency: 'USD',
        note: nul,
      }).success,
    ).toBe(false);
    expect(transactionQuerySchema.safeParse({ q: `x${LONE_HIGH_SURROGATE}` }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ bio: nul }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ website: 'https://example.com/\u0000' }).success).toBe(
      false,
    );
    expect(
      logUserActionRequestSchema.safeParse({ p_action_type: 'x', p_metadata: { deep: [nul] } }).success,
    ).toBe(false);
  });
});

describe('safe JSON', () => {
  it('takes ordinary metadata', () => {
    expect(
      isSafeJsonValue({ page: 'wallet', count: 3, tags: ['a', 'b'], nested: { ok: true, none: null } }),
    ).toBe(true);
  });

  it('refuses unsafe keys and strings at any depth, deep nesting and large values', () => {
    expect(isSafeJsonValue({ 'k\u0000': 1 })).toBe(false);
    expect(isSafeJsonValue({ a: [{ b: LONE_LOW_SURROGATE }] })).toBe(false);
    let deep: unknown = 'leaf';
    for (let level = 0; level <= SAFE_JSON_MAX_DEPTH; level++) deep = [deep];
    expect(isSafeJsonValue(deep)).toBe(false);
    expect(isSafeJsonValue({ big: 'x'.repeat(5_000) })).toBe(false);
  });
});
