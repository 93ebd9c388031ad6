import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { tokenInLink } from './accounts.ts';

export interface CapturedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real nodemailer transporter whose transport keeps each composed mail instead of sending it. */
export function capturingTransporter(sent: CapturedMail[]) {
  return nodemailer.createTransport({
    name: 'capture',
    version: '1',
    send(mail, callback) {
      const data = mail.data as unknown as Record<keyof CapturedMail, string>;
      sent.push({ from: data.from, to: data.to, subject: data.subject, text: data.text, html: data.html });
      const envelope = mail.message.getEnvelope();
      callback(null, {
        envelope,
        messageId: mail.message.messageId(),
        accepted: envelope.to,
        rejected: [],
        pending: [],
        response: '250 kept by the test',
      });
    },
  });
}

export interface ReceivedSms {
  method: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

/** A stand-in SMS gateway: an HTTP server that keeps every JSON body posted to it. */
export async function startSmsGateway(received: ReceivedSms[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({
        method: request.method,
        contentType: request.headers['content-type'],
        body: JSON.parse(body),
      });
      response.writeHead(202).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, server };
}

/** Deliveries through SMTP or the webhook happen after the answer: wait until they arrive. */
export async function eventually<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('nothing arrived in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads tokens from captured mail, for `signUpAndSignIn(app, { tokenFrom })` without the outbox. */
export function tokensFromCapturedMail(mails: CapturedMail[]) {
  return async (to: string, mode: 'verify-email' | 'reset-password') => {
    const mail = await eventually(() =>
      mails.findLast((candidate) => candidate.to === to && candidate.text.includes(`mode=${mode}`)),
    );
    return tokenInLink(mail.text, mode);
  };
}
