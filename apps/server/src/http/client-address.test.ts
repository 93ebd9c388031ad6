import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './client-address.ts';

describe('the address a visitor is counted under', () => {
  it('keeps an IPv4 address, and the IPv4 inside an IPv4-mapped IPv6 one', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:12::/64';
    expect(addressKeyOf('2001:db8:85a3:12:1:2:3:4')).toBe(key);
    expect(addressKeyOf('2001:0db8:85a3:0012:ffff::1')).toBe(key);
    expect(addressKeyOf('2001:db8:85a3:12::')).toBe(key);
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('2001:db8:85a3:13::1')).not.toBe(key);
  });
});
