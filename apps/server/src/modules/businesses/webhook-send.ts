import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  AddressNotAllowed,
  type AddressPolicy,
  checkWebhookUrl,
  type Resolver,
  resolveWebhookHost,
  systemResolver,
} from './webhook-address.ts';

/** What one try got: the receiver's HTTP status, or why there was none. */
export type SendResult =
  | { status: number; error: null }
  | { status: null; error: 'timeout' | 'address_not_allowed' | 'network' };

export interface SendOptions {
  policy: AddressPolicy;
  /** The whole try, name look-up included, ends after this long. */
  timeoutMs: number;
  resolve?: Resolver;
}

class TimedOut extends Error {}

/**
 * POSTs a webhook body: the address checked again, its host resolved now and the connection made
 * to the checked address itself (the Host header and TLS server name stay the URL's), so what was
 * checked is what is called. Redirects are not followed; the answer's body is not read.
 */
export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      controller.abort();
      fail(new TimedOut());
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([
      (async (): Promise<SendResult> => {
        const url = checkWebhookUrl(rawUrl, options.policy);
        const pinned = await resolveWebhookHost(url, options.policy, options.resolve ?? systemResolver);
        const status = await post(url, pinned.address, headers, body, controller.signal);
        return { status, error: null };
      })(),
      deadline,
    ]);
  } catch (error) {
    if (error instanceof AddressNotAllowed) return { status: null, error: 'address_not_allowed' };
    if (error instanceof TimedOut || controller.signal.aborted) return { status: null, error: 'timeout' };
    return { status: null, error: 'network' };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function post(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  const secure = url.protocol === 'https:';
  const name = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(
      {
        host: address,
        port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        // The certificate is checked against the URL's name (or address literal), not the pinned address.
        ...(secure ? { servername: isIP(name) ? undefined : name } : {}),
        signal,
        agent: false,
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
        answer.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
