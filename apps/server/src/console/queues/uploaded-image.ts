import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { uploads } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadsRoot } from '../../platform/uploaded-files.ts';

/** Upload addresses the user's app stored: /uploads/<directory>/<32 hex>.<ext>. */
const UPLOAD_PATH = /^\/uploads\/([a-z][a-z0-9_]{0,19})\/([0-9a-f]{32}\.[a-z]{3,4})$/;

/** Sends a picture a user uploaded (a voucher, a QR code) to an operator: only when it is that user's upload, never cached. */
export async function sendUserUpload(ctx: AppContext, reply: FastifyReply, userId: number, url: string | null) {
  const match = UPLOAD_PATH.exec(url ?? '');
  const upload = match && ctx.db.select().from(uploads).where(and(eq(uploads.userId, userId), eq(uploads.directory, match[1] as string), eq(uploads.fileName, match[2] as string))).get();
  if (!upload) throw new AppError('console.imageMissing');
  const bytes = await readFile(join(uploadsRoot(ctx.config), upload.directory, upload.fileName)).catch(() => undefined);
  if (!bytes) throw new AppError('console.imageMissing');
  return reply.type(upload.mime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
}

/** The user as a reviewer needs to see them next to a money request. */
export function reviewedUser(user: { id: number; email: string | null; phone: string | null; areaCode: string | null; nickname: string; verificationLevel: number; frozenAt: number | null; createdAt: number } | undefined) {
  return (
    user && {
      id: user.id,
      email: user.email,
      phone: user.phone,
      area_code: user.areaCode,
      nickname: user.nickname,
      verification_level: user.verificationLevel,
      frozen: user.frozenAt !== null,
      created_at: user.createdAt,
    }
  );
}
