import type { Contact } from '@ztart/shared/contracts/contacts';

/**
 * vCard (.vcf) files, versions 3.0 and 4.0 (RFC 6350), as phones and address books write them:
 * what a contact of ours holds is read from FN, N, NICKNAME, TEL, EMAIL, NOTE, BDAY, ADR and
 * X-ZTARTAG, and written the same way (CATEGORIES carries the group's name, X-ZTART-RELATIONSHIP
 * the relationship). Anything else in a card is ignored.
 */

/** One card as read: every value is unescaped text, not yet validated. */
export interface VCardEntry {
  fullName: string | null;
  nickname: string | null;
  phones: string[];
  emails: string[];
  note: string | null;
  birthday: string | null;
  address: string | null;
  ztartag: string | null;
  relationship: string | null;
}

/** Lines of the file with folded lines joined (a line starting with a space or tab continues the one before). */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function unescapeValue(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, character: string) =>
    character === 'n' || character === 'N' ? '\n' : character,
  );
}

/** Splits on separators not escaped with a backslash. */
function splitUnescaped(value: string, separator: ';' | ','): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const character = value[i]!;
    if (character === '\\' && i + 1 < value.length) {
      current += character + value[i + 1];
      i++;
    } else if (character === separator) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts;
}

function nonEmpty(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** `19850412`, `1985-04-12` or `--0412` (no year: not kept) → `1985-04-12`. */
function birthdayOf(value: string): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The cards of a file; text outside BEGIN:VCARD … END:VCARD is ignored. */
export function parseVCards(text: string): VCardEntry[] {
  const entries: VCardEntry[] = [];
  let card: VCardEntry | null = null;
  let structuredName: string | null = null;
  for (const line of unfold(text)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    // A property may carry a group (`item1.TEL`) and parameters (`TEL;TYPE=cell`).
    const name = head
      .split(';', 1)[0]!
      .replace(/^[^.]*\./, '')
      .toUpperCase();
    if (name === 'BEGIN' && value.trim().toUpperCase() === 'VCARD') {
      card = {
        fullName: null,
        nickname: null,
        phones: [],
        emails: [],
        note: null,
        birthday: null,
        address: null,
        ztartag: null,
        relationship: null,
      };
      structuredName = null;
      continue;
    }
    if (!card) continue;
    switch (name) {
      case 'END':
        if (!card.fullName && structuredName) card.fullName = structuredName;
        entries.push(card);
        card = null;
        break;
      case 'FN':
        card.fullName = nonEmpty(unescapeValue(value));
        break;
      case 'N': {
        // Family; Given; Additional; Prefixes; Suffixes.
        const [family = '', given = '', additional = '', prefix = '', suffix = ''] = splitUnescaped(
          value,
          ';',
        ).map(unescapeValue);
        structuredName = nonEmpty(
          [prefix, given, additional, family, suffix].filter((part) => part.trim()).join(' '),
        );
        break;
      }
      case 'NICKNAME':
        card.nickname = nonEmpty(unescapeValue(splitUnescaped(value, ',')[0] ?? ''));
        break;
      case 'TEL': {
        const phone = nonEmpty(unescapeValue(value).replace(/^tel:/i, ''));
        if (phone) card.phones.push(phone);
        break;
      }
      case 'EMAIL': {
        const email = nonEmpty(unescapeValue(value).replace(/^mailto:/i, ''));
        if (email) card.emails.push(email);
        break;
      }
      case 'NOTE':
        card.note = nonEmpty(unescapeValue(value));
        break;
      case 'BDAY':
        card.birthday = birthdayOf(value);
        break;
      case 'ADR': {
        // PO box; Extended; Street; Locality; Region; Postal code; Country.
        const parts = splitUnescaped(value, ';').map((part) => unescapeValue(part).trim());
        card.address = nonEmpty(parts.filter(Boolean).join(', '));
        break;
      }
      case 'X-ZTARTAG':
        card.ztartag = nonEmpty(unescapeValue(value).replace(/^@/, ''));
        break;
      case 'X-ZTART-RELATIONSHIP':
        card.relationship = nonEmpty(unescapeValue(value));
        break;
    }
  }
  return entries;
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded, as RFC 6350 asks (never inside a UTF-8 character). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += character;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** The contacts as one vCard 3.0 file (CRLF line ends), `groupNames` naming each group id. */
export function formatVCards(contacts: Contact[], groupNames: Map<string, string>): string {
  const lines: string[] = [];
  for (const contact of contacts) {
    const fullName = contact.name ?? contact.nickname;
    lines.push('BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeValue(fullName)}`, `N:${escapeValue(fullName)};;;;`);
    lines.push(`NICKNAME:${escapeValue(contact.nickname)}`);
    if (contact.phone) lines.push(`TEL;TYPE=CELL:${escapeValue(contact.phone)}`);
    if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeValue(contact.email)}`);
    if (contact.birthday) lines.push(`BDAY:${contact.birthday}`);
    if (contact.address) lines.push(`ADR:;;${escapeValue(contact.address)};;;;`);
    if (contact.notes) lines.push(`NOTE:${escapeValue(contact.notes)}`);
    if (contact.relationship) lines.push(`X-ZTART-RELATIONSHIP:${escapeValue(contact.relationship)}`);
    if (contact.ztartag) lines.push(`X-ZTARTAG:${escapeValue(contact.ztartag)}`);
    const group = contact.groupId ? groupNames.get(contact.groupId) : undefined;
    if (group) lines.push(`CATEGORIES:${escapeValue(group)}`);
    lines.push('END:VCARD');
  }
  return lines.map(fold).join('\r\n') + (lines.length > 0 ? '\r\n' : '');
}
