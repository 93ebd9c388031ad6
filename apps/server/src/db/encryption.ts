import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption of sensitive columns at rest (bank account numbers): AES-256-GCM, an authenticated
 * cipher, so a changed or swapped value fails to open instead of opening to something else.
 * A sealed value is `v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url), and names its key so that
 * keys can rotate: the first key of the ring seals, every key of the ring opens.
 */

export interface DataKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

/** The first key seals new values; the others only open older ones until they are sealed again. */
export type DataKeyring = readonly [DataKey, ...DataKey[]];

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Outside production, without DATA_ENCRYPTION_KEYS: a key anyone can derive from this source, so
 * that a development database opens after every restart. It protects nothing, and production
 * refuses it.
 */
export const DEVELOPMENT_DATA_KEY: DataKey = {
  id: 'dev',
  key: createHash('sha256').update('ztart-tips development data key (not secret)').digest(),
};

export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

/** `DATA_ENCRYPTION_KEYS`: `id:base64key` entries separated by commas, the sealing key first. */
export function parseDataKeys(value: string): DataKeyring {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseDataKey);
  const [first, ...rest] = keys;
  if (!first) throw new DataKeyError('no key given');
  const ids = new Set(keys.map((entry) => entry.id));
  if (ids.size !== keys.length) throw new DataKeyError('two keys have the same id');
  return [first, ...rest];
}

function parseDataKey(entry: string): DataKey {
  const separator = entry.indexOf(':');
  const id = entry.slice(0, separator);
  if (separator < 0 || !KEY_ID.test(id)) {
    throw new DataKeyError('each key is written id:base64key, the id of letters, digits, _ or -');
  }
  const key = Buffer.from(entry.slice(separator + 1), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new DataKeyError(`key "${id}" is not ${KEY_BYTES} bytes of base64 (openssl rand -base64 32)`);
  }
  return { id, key };
}

/**
 * Encrypts `plaintext` with the ring's first key. `context` (e.g. the table, column and row id)
 * is authenticated with it: a value copied into another row or column does not open there.
 */
export function seal(keys: DataKeyring, plaintext: string, context: string): string {
  const { id, key } = keys[0];
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return [VERSION, id, ...parts].join(':');
}

/** Decrypts a sealed value with the key it names; throws when that key is not in the ring or it was altered. */
export function open(keys: DataKeyring, sealed: string, context: string): string {
  const [version, id, iv, ciphertext, tag] = sealed.split(':');
  if (version !== VERSION || !id || iv === undefined || ciphertext === undefined || tag === undefined) {
    throw new DataKeyError('not a sealed value');
  }
  const entry = keys.find((candidate) => candidate.id === id);
  if (!entry) throw new DataKeyError(`sealed with key "${id}", which DATA_ENCRYPTION_KEYS does not hold`);
  const decipher = createDecipheriv(ALGORITHM, entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  return plaintext.toString('utf8');
}

/** The prefix of every value sealed with the ring's current key (the others are due to be sealed again). */
export function currentKeyPrefix(keys: DataKeyring): string {
  return `${VERSION}:${keys[0].id}:`;
}
