import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type OperatorRole, operators } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import { newToken, sha256 } from '../platform/tokens.ts';
import { DEMO_OPERATOR } from './demo-operator.ts';
import { revokeAllOperatorSessions } from './sessions.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** A setup link is good for one use within a day. */
export const SETUP_LINK_TTL_MS = 24 * 3_600_000;

/** Operators guard every user's data: a longer password than users need, letters and digits. */
export const OPERATOR_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{12,128}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findOperatorByEmail(db: Db, email: string): OperatorRow | undefined {
  return db.select().from(operators).where(eq(operators.email, normalizeEmail(email))).get();
}

/** The console address the setup link points at; the token travels in the fragment, so it never reaches a server log. */
export function setupLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/console/#/setup?token=${token}`;
}

/**
 * Opens setup for an operator: forgets their password and authenticator,
 * ends their sessions and answers the raw token of a one-time link (only its
 * hash is kept). Used for a new operator and for one who lost their device.
 */
function openSetup(db: Db, operatorId: number, now: number): string {
  const token = newToken();
  db.update(operators)
    .set({ setupTokenHash: sha256(token), setupExpiresAt: now + SETUP_LINK_TTL_MS, passwordHash: null, totpSecret: null, pendingTotpSecret: null, totpLastStep: null, failedLogins: 0, lockedUntil: null })
    .where(eq(operators.id, operatorId))
    .run();
  revokeAllOperatorSessions(db, operatorId, now);
  return token;
}

/** Redacted for the audit trail: secrets and hashes never enter it. */
export function auditView(row: OperatorRow) {
  return { id: row.id, email: row.email, role: row.role, setUp: row.passwordHash !== null && row.totpSecret !== null, disabledAt: row.disabledAt };
}

/** `pnpm ops operator add`: a new operator with a one-time setup link. */
export function addOperator(ctx: AppContext, email: string, role: OperatorRole, actor: string): { operator: OperatorRow; token: string } {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    if (findOperatorByEmail(tx, email)) throw new AppError('console.operatorExists');
    const created = tx.insert(operators).values({ email: normalizeEmail(email), role, createdAt: now }).returning().get();
    const token = openSetup(tx, created.id, now);
    const operator = tx.select().from(operators).where(eq(operators.id, created.id)).get() as OperatorRow;
    writeAudit(tx, { actor, action: 'operator.add', targetType: 'operator', targetId: created.id, before: null, after: auditView(operator) }, now);
    return { operator, token };
  });
}

/** `pnpm ops operator reset`: a fresh setup link for an operator who lost their password or authenticator. */
export function resetOperator(ctx: AppContext, email: string, actor: string): { operator: OperatorRow; token: string } {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const before = findOperatorByEmail(tx, email);
    if (!before) throw new AppError('console.operatorNotFound');
    const token = openSetup(tx, before.id, now);
    tx.update(operators).set({ disabledAt: null }).where(eq(operators.id, before.id)).run();
    const operator = tx.select().from(operators).where(eq(operators.id, before.id)).get() as OperatorRow;
    writeAudit(tx, { actor, action: 'operator.reset', targetType: 'operator', targetId: before.id, before: auditView(before), after: auditView(operator) }, now);
    return { operator, token };
  });
}

/** `pnpm ops operator disable`: the operator can no longer sign in, and their sessions end now. */
export function disableOperator(ctx: AppContext, email: string, actor: string): OperatorRow {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const before = findOperatorByEmail(tx, email);
    if (!before) throw new AppError('console.operatorNotFound');
    const after = tx.update(operators).set({ disabledAt: now, setupTokenHash: null, setupExpiresAt: null }).where(eq(operators.id, before.id)).returning().get();
    revokeAllOperatorSessions(tx, before.id, now);
    writeAudit(tx, { actor, action: 'operator.disable', targetType: 'operator', targetId: before.id, before: auditView(before), after: auditView(after) }, now);
    return after;
  });
}

export function listOperators(db: Db): OperatorRow[] {
  return db.select().from(operators).orderBy(operators.id).all();
}

/** The operator whose setup link this is, while the link is unused and fresh. */
export function operatorBySetupToken(db: Db, token: string, now: number): OperatorRow | undefined {
  const row = db.select().from(operators).where(eq(operators.setupTokenHash, sha256(token))).get();
  return row && row.disabledAt === null && (row.setupExpiresAt ?? 0) > now ? row : undefined;
}

/** Demo mode only: the demo operator, seeded once. */
export async function seedDemoOperator(ctx: AppContext): Promise<boolean> {
  if (findOperatorByEmail(ctx.db, DEMO_OPERATOR.email)) return false;
  const passwordHash = await hashPassword(DEMO_OPERATOR.password);
  ctx.db
    .insert(operators)
    .values({ email: DEMO_OPERATOR.email, role: DEMO_OPERATOR.role, passwordHash, totpSecret: DEMO_OPERATOR.totpSecret, createdAt: ctx.now() })
    .run();
  return true;
}
