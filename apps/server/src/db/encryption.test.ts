import { describe, expect, it } from 'vitest';
import { type DataKey, open, parseDataKeys, seal } from './encryption.ts';

const OLD: DataKey = { id: 'old', key: Buffer.alloc(32, 7) };
const NEW: DataKey = { id: 'new', key: Buffer.alloc(32, 9) };

describe('sealed values', () => {
  it('open to what was sealed, and never show it', () => {
    const sealed = seal([NEW], 'DE89370400440532013000', 'row 1');

    expect(sealed).toMatch(/^v1:new:/);
    expect(sealed).not.toContain('DE89');
    expect(seal([NEW], 'DE89370400440532013000', 'row 1')).not.toBe(sealed);
    expect(open([NEW], sealed, 'row 1')).toBe('DE89370400440532013000');
  });

  it('do not open in another row, once altered, or without their key', () => {
    const sealed = seal([NEW], '000123456789', 'row 1');
    const [version, id, iv, ciphertext, tag] = sealed.split(':');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;

    expect(() => open([NEW], sealed, 'row 2')).toThrow();
    expect(() =>
      open([NEW], [version, id, iv, flipped.toString('base64url'), tag].join(':'), 'row 1'),
    ).toThrow();
    expect(() => open([OLD], sealed, 'row 1')).toThrow(/key "new"/);
  });

  it('open with any key of the ring while only the first one seals: keys rotate', () => {
    const sealedBefore = seal([OLD], '110000000', 'row 1');
    const ring = parseDataKeys(`new:${NEW.key.toString('base64')},old:${OLD.key.toString('base64')}`);

    expect(open(ring, sealedBefore, 'row 1')).toBe('110000000');
    expect(seal(ring, '110000000', 'row 1')).toMatch(/^v1:new:/);
  });
});
