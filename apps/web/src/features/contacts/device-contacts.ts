/**
 * The Contact Picker API (Chrome on Android): the person picks contacts from their phone's address
 * book, one by one, in the browser's own sheet. Only asked for when they choose it; the browser
 * then asks for permission. Elsewhere a .vcf file does the same.
 */

interface PickedContact {
  name?: string[];
  email?: string[];
  tel?: string[];
}

interface ContactsManager {
  select: (properties: string[], options: { multiple: boolean }) => Promise<PickedContact[]>;
}

function contactsManager(): ContactsManager | null {
  const manager = (navigator as Navigator & { contacts?: ContactsManager }).contacts;
  return manager && typeof manager.select === 'function' ? manager : null;
}

export function hasContactPicker(): boolean {
  return typeof navigator !== 'undefined' && contactsManager() !== null;
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Picked contacts as vCard text, so that they are imported (and merged) as a .vcf file is. */
export function pickedToVCard(contacts: readonly PickedContact[]): string {
  const lines: string[] = [];
  for (const contact of contacts) {
    const name = contact.name?.find((item) => item.trim()) ?? '';
    lines.push('BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeValue(name)}`);
    for (const tel of contact.tel ?? []) lines.push(`TEL:${escapeValue(tel)}`);
    for (const email of contact.email ?? []) lines.push(`EMAIL:${escapeValue(email)}`);
    lines.push('END:VCARD');
  }
  return lines.join('\r\n');
}

/** Opens the browser's picker; the chosen contacts as vCard text (empty when none were chosen). */
export async function pickDeviceContacts(): Promise<string> {
  const manager = contactsManager();
  if (!manager) return '';
  const picked = await manager.select(['name', 'email', 'tel'], { multiple: true });
  return picked.length > 0 ? pickedToVCard(picked) : '';
}
