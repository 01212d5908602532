import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema.ts';
import { AppError } from './errors.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** Kept only in the dev outbox so testers can read it without parsing the text. */
  code?: string;
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Demo mode (no SMTP_URL) delivers everything to the dev outbox table and the
 * log. With SMTP_URL, email goes out through nodemailer; SMS needs a gateway
 * this deployment does not have, so it is refused rather than silently lost.
 */
export function createMessenger(config: Config, db: Db, log: FastifyBaseLogger, now: () => number): Messenger {
  if (!config.smtpUrl) {
    return {
      async send(message) {
        db.insert(outboxMessages)
          .values({ ...message, toAddress: message.to, code: message.code ?? null, createdAt: now() })
          .run();
        log.info({ outbox: { channel: message.channel, to: message.to, code: message.code } }, `dev outbox: ${message.subject}`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      if (message.channel === 'sms') throw new AppError('errors.smsUnavailable');
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.body });
    },
  };
}
