import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { identityVerifications, uploads, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { uploadsRoot } from '../../platform/uploaded-files.ts';
import { listedRejectReasons, presentRejectReason, rejectBody, storedRejectReason } from '../../platform/reject-reasons.ts';
import { announceVerificationDecision, reviewVerification, type VerificationRow } from '../../platform/verification-review.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import { queueList } from './queue-list.ts';
import { reviewedUser } from './uploaded-image.ts';
import type { ReviewQueue } from './registry.ts';

/**
 * The identity verification queue: requests in review with the submitted
 * fields and document pictures side by side; approve, or reject with a
 * listed or written reason. The decision itself is the shared review logic
 * (platform/verification-review.ts), the same the CLI uses.
 */

const STATUSES = ['review', 'verified', 'failed'] as const;
const listQuery = z.object({
  status: z.enum(STATUSES).default('review'),
  level: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(2).optional()),
  ...pagination,
});
const idParams = z.object({ id: id() });
const imageParams = idParams.extend({ side: z.enum(['front', 'reverse']) });

/** Upload addresses the user's app stored: /uploads/<directory>/<32 hex>.<ext>. */
const UPLOAD_PATH = /^\/uploads\/([a-z][a-z0-9_]{0,19})\/([0-9a-f]{32}\.[a-z]{3,4})$/;

function listItem(row: VerificationRow & { account: string | null }) {
  return {
    id: row.id,
    user_id: row.userId,
    account: row.account,
    level: row.level,
    id_type: row.idType,
    name: row.name,
    status: row.status,
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    reviewed_by: row.reviewedBy,
  };
}

function findRequest(ctx: AppContext, requestId: number): VerificationRow {
  const row = ctx.db.select().from(identityVerifications).where(eq(identityVerifications.id, requestId)).get();
  if (!row) throw new AppError('errors.verificationNotFound');
  return row;
}

export const verificationQueue: ReviewQueue = {
  key: 'verification',
  permissions: { view: 'verification.view', decide: 'verification.decide' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(identityVerifications).where(eq(identityVerifications.status, 'review')).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const view = guards.permit('verification.view');
    const decide = guards.permit('verification.decide');

    api.get('/', { schema: consoleDoc('Identity verification requests by status (default: in review, oldest first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, level, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = and(eq(identityVerifications.status, status), level ? eq(identityVerifications.level, level) : undefined);
      const { rows, total } = queueList(db, identityVerifications, { owner: identityVerifications.userId, where, oldestFirst: status === 'review', window });
      return ok(toPage(rows.map(({ row, account }) => listItem({ ...row, account })), window, total));
    });

    api.get('/:id', { schema: consoleDoc('One request: submitted fields, picture addresses, the user, their earlier requests and the listed refusal reasons', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
      const row = findRequest(ctx, request.params.id);
      const user = db.select().from(users).where(eq(users.id, row.userId)).get();
      const history = db.select().from(identityVerifications).where(eq(identityVerifications.userId, row.userId)).orderBy(desc(identityVerifications.id)).all();
      const picture = (side: 'front' | 'reverse', path: string | null) => (path ? { side, url: `/api/console/queues/verification/${row.id}/images/${side}` } : null);
      return ok({
        id: row.id,
        level: row.level,
        status: row.status,
        id_type: row.idType,
        name: row.name,
        card_id: row.cardId,
        reason: presentRejectReason('verification', request.lang, row.reason),
        submitted_at: row.createdAt,
        reviewed_at: row.reviewedAt,
        reviewed_by: row.reviewedBy,
        images: [picture('front', row.frontPic), picture('reverse', row.reversePic)].filter((image) => image !== null),
        user: reviewedUser(user),
        history: history.filter((other) => other.id !== row.id).map((other) => ({ ...listItem({ ...other, account: null }), reason: presentRejectReason('verification', request.lang, other.reason) })),
        reject_reasons: listedRejectReasons('verification', request.lang),
      });
    });

    api.get(
      '/:id/images/:side',
      { schema: consoleDoc('A document picture of a request, for operators only (never cached)', { params: imageParams }), preValidation: view },
      async (request, reply) => {
        const row = findRequest(ctx, request.params.id);
        const match = UPLOAD_PATH.exec((request.params.side === 'front' ? row.frontPic : row.reversePic) ?? '');
        const upload = match && db.select().from(uploads).where(and(eq(uploads.userId, row.userId), eq(uploads.directory, match[1] as string), eq(uploads.fileName, match[2] as string))).get();
        if (!upload) throw new AppError('console.imageMissing');
        const bytes = await readFile(join(uploadsRoot(ctx.config), upload.directory, upload.fileName)).catch(() => undefined);
        if (!bytes) throw new AppError('console.imageMissing');
        return reply.type(upload.mime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
      },
    );

    api.post('/:id/approve', { schema: consoleDoc('Approve: the user reaches the requested level and is told so', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: decide }, async (request) => {
      const row = reviewVerification(ctx, request.params.id, { approve: true }, reviewerOf(request));
      await announceVerificationDecision(ctx, row);
      return ok(listItem({ ...row, account: null }));
    });

    api.post('/:id/reject', { schema: consoleDoc('Reject with a listed reason (reason_code) or a written one (reason); the user is told why', { params: idParams, body: rejectBody('verification') }), preValidation: decide }, async (request) => {
      const row = reviewVerification(ctx, request.params.id, { approve: false, reason: storedRejectReason('verification', request.body) }, reviewerOf(request));
      await announceVerificationDecision(ctx, row);
      return ok(listItem({ ...row, account: null }));
    });
  },
};
