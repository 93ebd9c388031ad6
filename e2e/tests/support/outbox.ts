import { type APIRequestContext, expect } from '@playwright/test';
import type { OutboxMessage } from '@ztart/shared/contracts/auth';

/** Waits for the newest message to `to` whose text has a link with `mode=<mode>`, and returns that link. */
export async function linkFromMail(request: APIRequestContext, to: string, mode: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as OutboxMessage[];
        const pattern = new RegExp(`https?://\\S+mode=${mode}&token=[\\w-]+`);
        link = messages
          .filter((m) => m.to === to)
          .map((m) => m.text.match(pattern)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `a mail to ${to} with a ${mode} link` },
    )
    .toBeTruthy();
  return link as string;
}

/** Waits for the newest message to `to` whose text has a link matching `pattern`, and returns that link. */
export async function linkInMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as OutboxMessage[];
        link = messages
          .filter((m) => m.to === to)
          .map((m) => m.text.match(pattern)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `a mail to ${to} with a link like ${pattern}` },
    )
    .toBeTruthy();
  return link as string;
}
