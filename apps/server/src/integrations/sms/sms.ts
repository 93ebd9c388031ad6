import type { Language } from '@ztart/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/client.ts';
import { BackgroundDeliveries, describeError } from '../../lib/background.ts';
import type { TipReceiptSmsParams } from '../messages/catalogue.ts';
import { renderPhoneCodeSms, renderTipReceiptSms } from '../messages/render.ts';
import { addToOutbox } from '../outbox/outbox.ts';

export interface OutgoingSms {
  to: string;
  text: string;
}

/** Where SMS go: the outbox table (default) or an HTTP webhook of an SMS gateway (`SMS_WEBHOOK_URL`). */
export interface SmsTransport {
  readonly kind: 'outbox' | 'webhook';
  send(sms: OutgoingSms): Promise<void>;
  close(): Promise<void>;
}

/** Keeps SMS in the database, in production without their text (see addToOutbox). */
export class OutboxSmsTransport implements SmsTransport {
  readonly kind = 'outbox';
  constructor(
    private readonly db: AppDatabase,
    private readonly keepBody: boolean,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    await addToOutbox(
      this.db,
      { channel: 'sms', recipient: sms.to, text: sms.text },
      { keepBody: this.keepBody },
    );
  }

  async close(): Promise<void> {}
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** POSTs `{ "to": "+15551234567", "text": "..." }` as JSON; any 2xx answer counts as accepted. */
export class WebhookSmsTransport implements SmsTransport {
  readonly kind = 'webhook';
  readonly #deliveries: BackgroundDeliveries;

  constructor(
    private readonly url: string,
    log: FastifyBaseLogger,
  ) {
    this.#deliveries = new BackgroundDeliveries(log, 'SMS');
  }

  async send(sms: OutgoingSms): Promise<void> {
    this.#deliveries.run(async () => {
      const answer = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (!answer.ok) throw new Error(`the SMS webhook answered ${answer.status}`);
    });
  }

  close(): Promise<void> {
    return this.#deliveries.drain();
  }
}

export function createSmsTransport(options: {
  config: Pick<Config, 'smsWebhookUrl' | 'isProduction'>;
  db: AppDatabase;
  log: FastifyBaseLogger;
}): SmsTransport {
  const { config, db, log } = options;
  return config.smsWebhookUrl
    ? new WebhookSmsTransport(config.smsWebhookUrl, log)
    : new OutboxSmsTransport(db, !config.isProduction);
}

/** Writes SMS in the recipient's language and hands them to the transport; never throws (see Mailer). */
export class SmsSender {
  constructor(
    private readonly transport: SmsTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sendPhoneCode(to: string, language: Language, params: { code: string; minutes: number }) {
    try {
      await this.transport.send({ to, text: renderPhoneCodeSms(language, params) });
    } catch (error) {
      this.log.warn({ err: describeError(error) }, 'SMS could not be queued');
    }
  }

  async sendTipReceipt(to: string, language: Language, params: TipReceiptSmsParams) {
    try {
      await this.transport.send({ to, text: renderTipReceiptSms(language, params) });
    } catch (error) {
      this.log.warn({ err: describeError(error) }, 'SMS could not be queued');
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
