import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** The largest file an upload may carry. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export function uploadsRoot(config: Config): string {
  return join(config.dataDir, 'uploads');
}

/**
 * True when the URL is a file this user uploaded: a profile or an identity
 * document may only point at the caller's own uploads, never someone else's.
 */
export function isOwnUpload(db: Db, userId: number, url: string): boolean {
  const match = /^\/uploads\/([a-z][a-z0-9_]{0,19})\/([0-9a-f]{32}\.[a-z]{3,4})$/.exec(url);
  if (!match) return false;
  const [, directory, fileName] = match as unknown as [string, string, string];
  return (
    db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.directory, directory), eq(uploads.fileName, fileName)))
      .get() !== undefined
  );
}
