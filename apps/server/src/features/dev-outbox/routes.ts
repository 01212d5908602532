import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language } from '../../platform/fields.ts';

/** Demo mode only: every email and SMS the platform "sent", so codes can be read without a mail server. */
export const devOutboxFeature: Feature = (api, { ctx }) => {
  if (ctx.config.production) return;
  api.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo mode only: messages sent to an address, newest first, each with its text and code',
        querystring: z.object({ to: z.string().trim().max(100).optional(), lang: language() }),
      },
    },
    async (request) => {
      const to = request.query.to?.toLowerCase();
      const query = ctx.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(50);
      const rows = to ? query.where(eq(outboxMessages.toAddress, to)).all() : query.all();
      return ok(rows.map((row) => ({ id: row.id, channel: row.channel, to: row.toAddress, subject: row.subject, text: row.body, code: row.code, created_at: row.createdAt })));
    },
  );
};
