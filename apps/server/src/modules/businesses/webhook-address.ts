import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../http/errors.ts';

/**
 * Where a webhook may be sent (decision 0047): only to a public address, so that a business's
 * webhook cannot make the server call its own network (a database, the cloud's metadata service at
 * 169.254.169.254, an admin page on localhost). The address is checked when the webhook is made
 * (an address literal, or a name that already resolves inward, is refused at once) and again at
 * each delivery: the name is resolved then, every address it gives must be public, and the
 * connection is made to the address checked (pinned), so the name cannot be changed to point
 * inward between the check and the call (DNS rebinding).
 */

export interface AddressPolicy {
  /** Production: https only. */
  httpsOnly: boolean;
  /** Tests only (config `webhookAllowLoopback`): a receiver on this machine's loopback, on any port. */
  allowLoopback: boolean;
}

/**
 * Addresses that are not on the public internet: private, shared, loopback, link-local, reserved,
 * documentation, multicast. Two lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6
 * rules too, so the IPv6 rules (which refuse every mapped address) must not see IPv4 ones.
 */
const NOT_PUBLIC_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and -translated (NAT64, 6to4, Teredo) addresses reach IPv4 ones behind the check.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}
/** Only global unicast IPv6 (2000::/3) is public at all. */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  if (family === 6) return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_PUBLIC_V6.check(address, 'ipv6');
  return false;
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return LOOPBACK_V4.check(address, 'ipv4');
  return family === 6 && address === '::1';
}

function allowedAddress(address: string, policy: AddressPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback && isLoopback(address));
}

export class AddressNotAllowed extends Error {
  override name = 'AddressNotAllowed';
}

export function notAllowed(): AppError {
  return new AppError('webhook_address_not_allowed');
}

/** How long the check at creation waits for the name to resolve before leaving it to the deliveries. */
const CREATION_LOOKUP_MS = 3_000;

/** The host as an address literal (the brackets of IPv6 taken off), or null for a name. */
function literalOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Names that only ever mean this machine or a private network. */
function isInternalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    !name.includes('.') ||
    name === 'localhost' ||
    /\.(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/.test(name)
  );
}

/**
 * What can be said of an address without the network: the scheme and port (https:443, or http:80
 * outside production), no user name or password, and a host that is neither an inward address
 * literal nor an inward name. Returns the parsed address; throws AddressNotAllowed otherwise.
 */
export function checkWebhookUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressNotAllowed('not an address');
  }
  if (url.username || url.password) throw new AddressNotAllowed('credentials in the address');
  const literal = literalOf(url.hostname);
  // A test's receiver listens on a port of its own; the address itself is still checked below.
  const anyPort = policy.allowLoopback;
  if (url.protocol === 'https:') {
    if (url.port !== '' && !anyPort) throw new AddressNotAllowed('https on another port than 443');
  } else if (url.protocol === 'http:' && !policy.httpsOnly) {
    if (url.port !== '' && !anyPort) throw new AddressNotAllowed('http on another port than 80');
  } else {
    throw new AddressNotAllowed('not https');
  }
  if (literal !== null) {
    if (!allowedAddress(literal, policy)) throw new AddressNotAllowed('not a public address');
  } else if (isInternalName(url.hostname)) {
    throw new AddressNotAllowed('an internal name');
  }
  return url;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * The address to connect to for a checked URL: the literal itself, or the first address the name
 * resolves to now, when EVERY address it resolves to is allowed (a name with one inward address
 * is refused whole). Throws AddressNotAllowed.
 */
export async function resolveWebhookHost(
  url: URL,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const literal = literalOf(url.hostname);
  if (literal !== null) {
    if (!allowedAddress(literal, policy)) throw new AddressNotAllowed('not a public address');
    return { address: literal, family: isIP(literal) === 6 ? 6 : 4 };
  }
  const answers = await resolve(url.hostname);
  if (answers.length === 0) throw new AddressNotAllowed('no address');
  if (!answers.every((answer) => allowedAddress(answer.address, policy))) {
    throw new AddressNotAllowed('resolves to an address that is not public');
  }
  return answers[0] as ResolvedAddress;
}

/**
 * The check made when a webhook is created: 422 `webhook_address_not_allowed` for anything
 * checkWebhookUrl refuses, or a name that resolves inward now. A name that does not resolve (yet)
 * is accepted: every delivery checks it again.
 */
export async function checkNewWebhookUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<void> {
  let url: URL;
  try {
    url = checkWebhookUrl(raw, policy);
  } catch {
    throw notAllowed();
  }
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((settle) => {
    timer = setTimeout(() => settle('gave up'), CREATION_LOOKUP_MS);
  });
  try {
    await Promise.race([resolveWebhookHost(url, policy, resolve), gaveUp]);
  } catch (error) {
    // A name that does not resolve (yet) is checked again at each delivery.
    if (error instanceof AddressNotAllowed && error.message !== 'no address') throw notAllowed();
  } finally {
    clearTimeout(timer);
  }
}
