import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

/** A queue's table: its rows have an id, and one column names the user who submitted them. */
type QueueTable = SQLiteTable & { id: SQLiteColumn };

export interface QueueListOptions {
  /** The column holding the submitting user's id. */
  owner: SQLiteColumn;
  where: SQL | undefined;
  /** The work list (items waiting for a decision) reads oldest first; decided items newest first. */
  oldestFirst: boolean;
  window: { limit: number; offset: number };
}

/**
 * One page of a review queue's list with each row's user as an account name
 * (email, else phone), and the count of all matching rows: the same query
 * every queue's `GET /` runs on its own table.
 */
export function queueList<T extends QueueTable>(db: Db, table: T, { owner, where, oldestFirst, window }: QueueListOptions): { rows: { row: T['$inferSelect']; account: string | null }[]; total: number } {
  const total = db.select({ total: count() }).from(table).innerJoin(users, eq(users.id, owner)).where(where).get()?.total ?? 0;
  const rows = db
    .select({ row: table, email: users.email, phone: users.phone })
    .from(table)
    .innerJoin(users, eq(users.id, owner))
    .where(where)
    .orderBy(oldestFirst ? table.id : desc(table.id))
    .limit(window.limit)
    .offset(window.offset)
    .all() as { row: T['$inferSelect']; email: string | null; phone: string | null }[];
  return { rows: rows.map(({ row, email, phone }) => ({ row, account: email ?? phone })), total };
}
