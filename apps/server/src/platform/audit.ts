import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditRecord {
  actor: string;
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

/** Every operator action leaves who, what, when, and the state before and after. */
export function writeAudit(db: Db, record: AuditRecord, now: number): void {
  db.insert(auditLog)
    .values({ ...record, targetId: String(record.targetId), before: record.before ?? null, after: record.after ?? null, createdAt: now })
    .run();
}
