import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import {
  type AddressPolicy,
  checkNewWebhookUrl,
  checkWebhookUrl,
  isPublicAddress,
  type Resolver,
} from './webhook-address.ts';
import { sendWebhook } from './webhook-send.ts';

const PRODUCTION: AddressPolicy = { httpsOnly: true, allowLoopback: false };
const DEVELOPMENT: AddressPolicy = { httpsOnly: false, allowLoopback: false };
const TESTS: AddressPolicy = { httpsOnly: false, allowLoopback: true };

const resolvingTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data', DEVELOPMENT],
    ['https://127.0.0.1/hook', DEVELOPMENT],
    ['https://[::1]/hook', DEVELOPMENT],
    ['https://[::ffff:7f00:1]/hook', DEVELOPMENT],
    ['https://localhost/hook', DEVELOPMENT],
    ['https://api.localhost/hook', DEVELOPMENT],
    ['https://db.internal/hook', DEVELOPMENT],
    ['https://intranet/hook', DEVELOPMENT],
    ['https://0x7f000001/hook', DEVELOPMENT],
    ['https://2130706433/hook', DEVELOPMENT],
    ['https://hooks.example.com:8443/hook', DEVELOPMENT],
    ['http://hooks.example.com:8080/hook', DEVELOPMENT],
    ['https://user:pass@hooks.example.com/hook', DEVELOPMENT],
    ['http://hooks.example.com/hook', PRODUCTION],
    ['ftp://hooks.example.com/hook', DEVELOPMENT],
  ] as const)('refuses %s', (url, policy) => {
    expect(() => checkWebhookUrl(url, policy)).toThrow();
  });

  it('takes https on 443, http on 80 outside production, and loopback on any port only with the test flag', () => {
    expect(checkWebhookUrl('https://hooks.example.com/hook', PRODUCTION).hostname).toBe('hooks.example.com');
    expect(checkWebhookUrl('https://hooks.example.com:443/hook', PRODUCTION).port).toBe('');
    expect(checkWebhookUrl('http://hooks.example.com/hook', DEVELOPMENT).protocol).toBe('http:');
    expect(checkWebhookUrl('http://127.0.0.1:4567/hook', TESTS).port).toBe('4567');
    expect(() => checkWebhookUrl('http://127.0.0.1:4567/hook', DEVELOPMENT)).toThrow();
    expect(() => checkWebhookUrl('http://10.0.0.1:4567/hook', TESTS)).toThrow();
  });

  it('refuses at creation a name that resolves inward (any one of its addresses), with a 422', async () => {
    const refused = await checkNewWebhookUrl(
      'https://rebind.example.com/hook',
      DEVELOPMENT,
      resolvingTo('93.184.215.14', '10.0.0.7'),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('webhook_address_not_allowed');
    await expect(
      checkNewWebhookUrl('https://hooks.example.com/hook', DEVELOPMENT, resolvingTo('93.184.215.14')),
    ).resolves.toBeUndefined();
    // A name that does not resolve yet is left to the deliveries, which check it again.
    await expect(
      checkNewWebhookUrl('https://soon.example.com/hook', DEVELOPMENT, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).resolves.toBeUndefined();
  });
});

describe('sending a webhook', () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body });
      answer.statusCode = 204;
      answer.end();
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('connects to the address it checked, once resolved, with the name in the Host header', async () => {
    received.length = 0;
    let lookups = 0;
    // A name that answers the checked address once, then an inward one (DNS rebinding).
    const rebinding: Resolver = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
    };
    const result = await sendWebhook(`http://hooks.test:${port}/in?x=1`, { 'x-test': 'yes' }, '{"a":1}', {
      policy: TESTS,
      timeoutMs: 5_000,
      resolve: rebinding,
    });
    expect(result).toEqual({ status: 204, error: null });
    expect(lookups).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.host).toBe(`hooks.test:${port}`);
    expect(received[0]?.headers['x-test']).toBe('yes');
    expect(received[0]?.body).toBe('{"a":1}');
  });

  it('refuses, without connecting, a name that now resolves to a private or metadata address', async () => {
    received.length = 0;
    for (const inward of ['169.254.169.254', '10.0.0.5', '127.0.0.1', '::1']) {
      const result = await sendWebhook('https://hooks.example.com/hook', {}, '{}', {
        policy: DEVELOPMENT,
        timeoutMs: 5_000,
        resolve: resolvingTo(inward),
      });
      expect(result, inward).toEqual({ status: null, error: 'address_not_allowed' });
    }
    const literal = await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', {
      policy: DEVELOPMENT,
      timeoutMs: 5_000,
    });
    expect(literal).toEqual({ status: null, error: 'address_not_allowed' });
    expect(received).toHaveLength(0);
  });

  it('gives up after the timeout, name look-up included', async () => {
    const stuck: Resolver = () => new Promise(() => {});
    const started = Date.now();
    const result = await sendWebhook('https://hooks.example.com/hook', {}, '{}', {
      policy: DEVELOPMENT,
      timeoutMs: 200,
      resolve: stuck,
    });
    expect(result).toEqual({ status: null, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
