import { describe, expect, it } from 'vitest';
import { ztartagOfContactQr } from './contacts.ts';

describe('ztartagOfContactQr', () => {
  it('reads the ztartag of a contact QR link', () => {
    expect(ztartagOfContactQr('https://ztart.example/@ana_lima')).toBe('ana_lima');
    expect(ztartagOfContactQr('https://ztart.example/@ana%5Flima/')).toBe('ana_lima');
  });

  it('names nobody for a link with a malformed percent escape, instead of throwing', () => {
    expect(ztartagOfContactQr('https://ztart.example/@ana%E0%A4%A')).toBeNull();
    expect(ztartagOfContactQr('https://ztart.example/@%')).toBeNull();
  });

  it('names nobody for other codes', () => {
    expect(ztartagOfContactQr('not a link')).toBeNull();
    expect(ztartagOfContactQr('ftp://ztart.example/@ana_lima')).toBeNull();
    expect(ztartagOfContactQr('https://ztart.example/q/abc')).toBeNull();
  });
});
