import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditRecord {
  /** Who, as text: the operator's email in the console, `<user>@ops` from the CLI. */
  actor: string;
  /** The console operator's id; absent for the CLI and the seed. */
  operatorId?: number | null;
  /** The console request's address; absent outside the console. */
  ip?: string | null;
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

/** Every operator action leaves who, what, when, from where, and the state before and after. */
export function writeAudit(db: Db, record: AuditRecord, now: number): void {
  db.insert(auditLog)
    .values({
      ...record,
      operatorId: record.operatorId ?? null,
      ip: record.ip ?? null,
      targetId: String(record.targetId),
      before: record.before ?? null,
      after: record.after ?? null,
      createdAt: now,
    })
    .run();
}
