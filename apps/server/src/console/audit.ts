import { dec, formatMinor } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditLog, operatorLogins } from '../db/schema.ts';
import type { Catalog } from '../platform/catalog.ts';
import { ok } from '../platform/envelope.ts';
import { blankToUndefined, language, pageWindow, pagination, toPage } from '../platform/fields.ts';
import { presentStoredReason } from '../platform/reject-reasons.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';

type AuditRow = typeof auditLog.$inferSelect;

/** At most this many rows in one CSV export; narrow the filter for more. */
export const EXPORT_LIMIT = 10_000;

const optionalFilter = (max: number) => z.preprocess(blankToUndefined, z.string().trim().min(1).max(max).optional());
const optionalTime = () => z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional());

const filters = {
  actor: optionalFilter(254).describe('Who: an operator\'s email, or a CLI actor such as alice@ops'),
  action: optionalFilter(60).describe('An action (user.freeze), or a family of them ending in a dot (verification.)'),
  target_type: optionalFilter(40),
  target_id: optionalFilter(40),
  from: optionalTime().describe('Unix ms, inclusive'),
  to: optionalTime().describe('Unix ms, inclusive'),
};
const listQuery = z.object({ ...filters, ...pagination, lang: language() });
const exportQuery = z.object({ ...filters, lang: language() });

/** Fields of a recorded row that hold minor units of the row's currency. */
const MONEY_FIELDS = new Set(['amount', 'fee', 'price', 'stake', 'payout']);
/** Fields that hold a moment in Unix ms. */
const TIME_FIELD = /(At|Until|_at|_until|_start|_end)$/;

/** One field that an action changed, as an operator reads it: amounts in their currency, reasons written out, times marked for the reader's clock, yes or no in the reader's language. */
export interface AuditChange {
  field: string;
  kind: 'time' | 'flag' | 'text';
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

type Recorded = Record<string, unknown>;

const asRecord = (value: unknown): Recorded | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Recorded) : null);

function readableValue(field: string, value: unknown, row: Recorded, lang: Language, catalog: Catalog): string | null {
  if (value === null || value === undefined) return null;
  const currency = typeof row.currencyId === 'number' ? catalog.currency(row.currencyId) : undefined;
  if (currency && MONEY_FIELDS.has(field) && Number.isSafeInteger(value)) return `${formatMinor(value as number, currency.scale)} ${currency.symbol}`;
  if (field.endsWith('Bps') && typeof value === 'number') return `${value / 100} %`;
  if (field === 'reason' && typeof value === 'string') return presentStoredReason(lang, value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Equal, counting decimal strings that only differ in trailing zeros ('5000000.0000' and '5000000.00000') as the same amount. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && DECIMAL_TEXT.test(a) && DECIMAL_TEXT.test(b)) return dec(a).eq(dec(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A time or a flag when each side is one (or absent), so the console can write it for its reader; anything else is text. */
function kindOf(field: string, values: unknown[]): AuditChange['kind'] {
  const each = (type: 'number' | 'boolean') => values.every((value) => value === null || value === undefined || typeof value === type);
  if (TIME_FIELD.test(field) && each('number')) return 'time';
  if (each('boolean') && values.some((value) => typeof value === 'boolean')) return 'flag';
  return 'text';
}

/** Records are written as their tables' rows (camelCase) or as documents (snake_case): the console reads one style. */
const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * What an action changed, field by field: every field of a record that only
 * exists on one side (a creation, a removal), else those whose value differs.
 * The raw before and after stay in the entry, and in the CSV, as written.
 */
export function auditChanges(before: unknown, after: unknown, lang: Language, catalog: Catalog): AuditChange[] {
  const was = asRecord(before);
  const now = asRecord(after);
  if (!was && !now) return [];
  const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  const changed = was && now ? fields.filter((field) => !sameValue(was[field], now[field])) : fields;
  return changed.map((field) => {
    const kind = kindOf(field, [was?.[field], now?.[field]]);
    const side = (record: Recorded | null) =>
      record === null ? null : kind === 'text' ? readableValue(field, record[field], { ...was, ...now, ...record }, lang, catalog) : ((record[field] as number | boolean | null | undefined) ?? null);
    return { field: snakeCase(field), kind, before: side(was), after: side(now) };
  });
}

/** An audit entry for the console, its changes readable in the operator's language. */
export function presentAudit(catalog: Catalog, lang: Language) {
  return (row: AuditRow) => ({
    id: row.id,
    actor: row.actor,
    operator_id: row.operatorId,
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    changes: auditChanges(row.before, row.after, lang, catalog),
    created_at: row.createdAt,
  });
}

function whereOf(query: { actor?: string; action?: string; target_type?: string; target_id?: string; from?: number; to?: number }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.actor ? eq(auditLog.actor, query.actor) : undefined,
    query.target_type ? eq(auditLog.targetType, query.target_type) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
    query.from !== undefined ? gte(auditLog.createdAt, query.from) : undefined,
    query.to !== undefined ? lte(auditLog.createdAt, query.to) : undefined,
  ];
  if (query.action) {
    // "verification." selects every verification action; a range keeps it exact without LIKE's wildcards.
    conditions.push(query.action.endsWith('.') ? and(gte(auditLog.action, query.action), lte(auditLog.action, `${query.action}\uffff`)) : eq(auditLog.action, query.action));
  }
  return and(...conditions);
}

/** One CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  const textValue = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(textValue) ? `'${textValue}` : textValue;
  return `"${safe.replaceAll('"', '""')}"`;
}

const CSV_COLUMNS = ['id', 'time', 'actor', 'operator_id', 'ip', 'action', 'target_type', 'target_id', 'before', 'after'] as const;

export function auditCsv(rows: AuditRow[]): string {
  const lines = rows.map((row) =>
    [row.id, new Date(row.createdAt).toISOString(), row.actor, row.operatorId, row.ip, row.action, row.targetType, row.targetId, row.before, row.after].map(csvCell).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

export const consoleAudit: ConsoleModule = (api, { ctx, guards }) => {
  const { db } = ctx;
  const view = guards.permit('audit.view');

  api.get('/audit', { schema: consoleDoc('The audit trail, newest first, filtered by operator, action, target and time', { querystring: listQuery }), preValidation: view }, async (request) => {
    const where = whereOf(request.query);
    const window = pageWindow(request.query.page, request.query.limit);
    const total = db.select({ total: count() }).from(auditLog).where(where).get()?.total ?? 0;
    const rows = db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(window.limit).offset(window.offset).all();
    return ok(toPage(rows.map(presentAudit(ctx.catalog, request.lang)), window, total));
  });

  api.get('/audit/facets', { schema: consoleDoc('The actors, actions and target types the audit trail holds, for the filters', { querystring: z.object({ lang: language() }) }), preValidation: view }, async () => {
    const distinct = (column: typeof auditLog.actor | typeof auditLog.action | typeof auditLog.targetType) =>
      db.selectDistinct({ value: column }).from(auditLog).orderBy(column).all().map((row) => row.value);
    return ok({ actors: distinct(auditLog.actor), actions: distinct(auditLog.action), target_types: distinct(auditLog.targetType) });
  });

  api.get('/audit/export', { schema: consoleDoc(`The filtered audit trail as CSV (at most ${EXPORT_LIMIT} rows, newest first)`, { querystring: exportQuery }), preValidation: view }, async (request, reply) => {
    const rows = db.select().from(auditLog).where(whereOf(request.query)).orderBy(desc(auditLog.id)).limit(EXPORT_LIMIT).all();
    const stamp = new Date(ctx.now()).toISOString().slice(0, 19).replaceAll(':', '-');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${auditCsv(rows)}`);
  });

  api.get('/audit/logins', { schema: consoleDoc('Console sign-in attempts, newest first', { querystring: z.object(pagination) }), preValidation: view }, async (request) => {
    const window = pageWindow(request.query.page, request.query.limit);
    const total = db.select({ total: count() }).from(operatorLogins).get()?.total ?? 0;
    const rows = db.select().from(operatorLogins).orderBy(desc(operatorLogins.id)).limit(window.limit).offset(window.offset).all();
    return ok(
      toPage(
        rows.map((row) => ({ id: row.id, operator_id: row.operatorId, email: row.email, success: row.success, failure: row.failure, ip: row.ip, user_agent: row.userAgent, created_at: row.createdAt })),
        window,
        total,
      ),
    );
  });
};
