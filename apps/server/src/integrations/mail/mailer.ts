import type { Language } from '@ztart/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/client.ts';
import { BackgroundDeliveries, describeError } from '../../lib/background.ts';
import { type MailKind, renderMail } from '../messages/render.ts';
import { addToOutbox } from '../outbox/outbox.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: the outbox table (default) or an SMTP server (production, `SMTP_URL`). */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps mail in the database, for a person at /dev/mailbox and for tests at /api/dev/outbox; in
 * production without its body (see addToOutbox).
 */
export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox';
  constructor(
    private readonly db: AppDatabase,
    private readonly keepBody: boolean,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await addToOutbox(
      this.db,
      { channel: 'email', recipient: mail.to, ...mail },
      { keepBody: this.keepBody },
    );
  }

  async close(): Promise<void> {}
}

/** Sends through nodemailer, in the background (see BackgroundDeliveries). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  readonly #deliveries: BackgroundDeliveries;

  constructor(
    private readonly transporter: Transporter,
    private readonly from: string,
    log: FastifyBaseLogger,
  ) {
    this.#deliveries = new BackgroundDeliveries(log, 'mail');
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.#deliveries.run(async () => {
      await this.transporter.sendMail({ from: this.from, ...mail });
    });
  }

  async close(): Promise<void> {
    await this.#deliveries.drain();
    this.transporter.close();
  }
}

export async function createMailTransport(options: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>;
  db: AppDatabase;
  log: FastifyBaseLogger;
  /** A nodemailer transport to use instead of SMTP_URL (tests). */
  transporter?: Transporter;
}): Promise<MailTransport> {
  const { config, db, log } = options;
  // nodemailer loads only when mail goes out by SMTP (the outbox needs none of it).
  const transporter =
    options.transporter ??
    (config.smtpUrl ? (await import('nodemailer')).default.createTransport(config.smtpUrl) : null);
  return transporter
    ? new SmtpMailTransport(transporter, config.mailFrom, log)
    : new OutboxMailTransport(db, !config.isProduction);
}

/** Renders a mail in the recipient's language and hands it to the transport. */
export class Mailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  get kind(): MailTransport['kind'] {
    return this.transport.kind;
  }

  /**
   * Never throws: a mail that cannot be queued is logged, and the person can ask again. A
   * failure must not change the answer, which would tell whether an address is registered.
   */
  async send(to: string, language: Language, mail: MailKind): Promise<void> {
    try {
      await this.transport.send({ to, ...renderMail(language, mail) });
    } catch (error) {
      this.log.warn({ err: describeError(error), mail: mail.kind }, 'mail could not be queued');
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
