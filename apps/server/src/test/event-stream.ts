import type { LiveEvent } from '@ztart/shared/contracts/notifications';
import type { SignedInPerson } from './accounts.ts';

export type OpenStream = Awaited<ReturnType<typeof openStream>>;

/** Reads `GET /api/events` as a browser page does, over a real socket, as it arrives. */
export async function openStream(
  baseUrl: string,
  person?: Pick<SignedInPerson, 'sessionToken' | 'csrfToken'>,
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    signal: controller.signal,
    headers: person ? { cookie: `session=${person.sessionToken}; csrf_token=${person.csrfToken}` } : {},
  });
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  const waitFor = async (found: (text: string) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!found(text)) {
      if (Date.now() > deadline) throw new Error(`not in the stream in time:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    response,
    text: () => text,
    ended: () => ended,
    waitFor,
    /** Resolves once the server has ended the stream; fails after `timeoutMs`. */
    waitForEnd: async (timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`the stream is still open:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    /** The `data:` of every message of that event type. */
    events: (type: string) =>
      [...text.matchAll(new RegExp(`event: ${type}\\ndata: (.*)\\n\\n`, 'g'))].map(
        (match) => JSON.parse(match[1]!) as LiveEvent,
      ),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
