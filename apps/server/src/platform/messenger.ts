import type { Language } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outboxMessages, users, userSecurity } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { translate } from './i18n.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The language of the mail template's own lines (anti-phishing code, support notice). */
  lang: Language;
  /** Kept only in the dev outbox so testers can read it without parsing the text. */
  code?: string;
}

/** The anti-phishing code of the user this address belongs to; an address that is no user's yet has none. */
function antiPhishingCodeOf(db: Db, email: string): string | null {
  const row = db
    .select({ code: userSecurity.antiPhishingCode })
    .from(users)
    .innerJoin(userSecurity, eq(userSecurity.userId, users.id))
    .where(eq(users.email, email.toLowerCase()))
    .get();
  return row?.code ?? null;
}

/**
 * The shared mail template: the recipient's anti-phishing code first, where a
 * phishing mail cannot show it, then the message, then the reminder that
 * support never asks for secrets. SMS stays as short as it was written.
 */
function renderBody(db: Db, message: OutgoingMessage): string {
  if (message.channel !== 'email') return message.body;
  const antiPhishing = antiPhishingCodeOf(db, message.to);
  const rule = '='.repeat(32);
  const lines = antiPhishing ? [rule, translate(message.lang, 'mail.antiPhishing', { code: antiPhishing }), rule, ''] : [];
  return [...lines, message.body, '', '——', translate(message.lang, 'mail.supportNotice')].join('\n');
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
          .values({ channel: message.channel, toAddress: message.to, subject: message.subject, body: renderBody(db, message), code: message.code ?? null, createdAt: now() })
          .run();
        log.info({ outbox: { channel: message.channel, to: message.to, code: message.code } }, `dev outbox: ${message.subject}`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      if (message.channel === 'sms') throw new AppError('errors.smsUnavailable');
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: renderBody(db, message) });
    },
  };
}
