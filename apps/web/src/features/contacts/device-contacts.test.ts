import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasContactPicker, pickDeviceContacts, pickedToVCard } from '@/features/contacts/device-contacts';

describe('device contacts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes picked contacts as vCards, escaping what vCard reserves', () => {
    expect(
      pickedToVCard([
        { name: ['', 'Ana; Lima'], tel: ['+55 11 5555-0000'], email: ['ana@example.com'] },
        { name: [], tel: ['+15550001111'] },
      ]),
    ).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ana\\; Lima',
        'TEL:+55 11 5555-0000',
        'EMAIL:ana@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:',
        'TEL:+15550001111',
        'END:VCARD',
      ].join('\r\n'),
    );
  });

  it('offers the picker only where the browser has it, and asks only when called', async () => {
    expect(hasContactPicker()).toBe(false);
    expect(await pickDeviceContacts()).toBe('');
    const select = vi.fn().mockResolvedValue([{ name: ['Bo'], tel: [], email: [] }]);
    vi.stubGlobal('navigator', { ...navigator, contacts: { select } });
    expect(hasContactPicker()).toBe(true);
    expect(select).not.toHaveBeenCalled();
    expect(await pickDeviceContacts()).toContain('FN:Bo');
    expect(select).toHaveBeenCalledWith(['name', 'email', 'tel'], { multiple: true });
  });
});
