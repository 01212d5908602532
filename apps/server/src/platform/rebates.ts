import { referralRebate } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
import { post } from '../ledger/ledger.ts';
import { sharedOrigin } from './registration-guard.ts';

/** A trading fee a user has just been charged, inside the caller's open transaction. */
export interface ChargedFee {
  /** Who paid the fee. */
  payerId: number;
  /** Minor units of the fee, in `currencyId`. */
  fee: number;
  currencyId: number;
  /** The account type the fee was paid from: the inviter is credited in the same kind of account (spot, stock...). */
  accountTypeId: number;
  /** What the fee was charged on (e.g. `spot_trade` 812, a futures fill, an option settlement). */
  refType: string;
  refId: string | number;
}

interface Statements {
  inviterOf: Statement<[number], { inviterId: number | null }>;
  record: Statement<[{ inviterId: number; inviteeId: number; currencyId: number; fee: number; rebate: number; refType: string; refId: string; entryId: number; now: number }]>;
  withhold: Statement<[{ inviterId: number; inviteeId: number; currencyId: number; fee: number; rebate: number; reason: string; refType: string; refId: string; now: number }]>;
}

const statementCache = new WeakMap<Sqlite, Statements>();

function statementsFor(sqlite: Sqlite): Statements {
  let statements = statementCache.get(sqlite);
  if (!statements) {
    statements = {
      inviterOf: sqlite.prepare('SELECT inviter_id AS inviterId FROM users WHERE id = ?'),
      record: sqlite.prepare(
        `INSERT INTO referral_rebates (inviter_id, invitee_id, currency_id, fee, rebate, ref_type, ref_id, entry_id, created_at)
         VALUES (@inviterId, @inviteeId, @currencyId, @fee, @rebate, @refType, @refId, @entryId, @now)`,
      ),
      withhold: sqlite.prepare(
        `INSERT INTO withheld_rebates (inviter_id, invitee_id, currency_id, fee, rebate, reason, ref_type, ref_id, created_at)
         VALUES (@inviterId, @inviteeId, @currencyId, @fee, @rebate, @reason, @refType, @refId, @now)`,
      ),
    };
    statementCache.set(sqlite, statements);
  }
  return statements;
}

/**
 * The invitation rebate: 20% of a fee an invited user paid goes from the fees
 * account to their inviter, as its own journal entry (`referral_rebate`, a
 * line in the inviter's bills) in the caller's transaction, right after the
 * entry that charged the fee. Every fee-posting path (spot fills here; futures
 * and options when they charge fees) calls it; no I/O, safe on the order path.
 * Answers the rebate paid, 0 when the payer was not invited. When inviter and
 * invitee signed up from the same address or device (an invite farm), nothing
 * is paid and the rebate is recorded as withheld with that reason.
 */
export function postReferralRebate(sqlite: Sqlite, charged: ChargedFee, now: number): number {
  const statements = statementsFor(sqlite);
  const inviterId = statements.inviterOf.get(charged.payerId)?.inviterId ?? null;
  if (inviterId === null || inviterId === charged.payerId) return 0;
  const rebate = referralRebate(charged.fee);
  if (rebate === 0) return 0;
  const refId = String(charged.refId);
  const shared = sharedOrigin(sqlite, inviterId, charged.payerId);
  if (shared !== null) {
    statements.withhold.run({ inviterId, inviteeId: charged.payerId, currencyId: charged.currencyId, fee: charged.fee, rebate, reason: shared, refType: charged.refType, refId, now });
    return 0;
  }
  const entryId = post(
    sqlite,
    {
      type: 'referral_rebate',
      refType: charged.refType,
      refId,
      memo: `invitation rebate to user ${inviterId} on a fee of user ${charged.payerId}`,
      lines: [
        { account: { system: 'fees', currencyId: charged.currencyId }, bucket: 'available', amount: -rebate },
        { account: { userId: inviterId, currencyId: charged.currencyId, accountTypeId: charged.accountTypeId }, bucket: 'available', amount: rebate },
      ],
    },
    now,
  );
  statements.record.run({ inviterId, inviteeId: charged.payerId, currencyId: charged.currencyId, fee: charged.fee, rebate, refType: charged.refType, refId, entryId, now });
  return rebate;
}
