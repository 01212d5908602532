import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditLog, operatorLogins } from '../db/schema.ts';
import { ok } from '../platform/envelope.ts';
import { blankToUndefined, language, pageWindow, pagination, toPage } from '../platform/fields.ts';
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
const listQuery = z.object({ ...filters, ...pagination });
const exportQuery = z.object({ ...filters, lang: language() });

export function presentAudit(row: AuditRow) {
  return {
    id: row.id,
    actor: row.actor,
    operator_id: row.operatorId,
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt,
  };
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
    return ok(toPage(rows.map(presentAudit), window, total));
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
