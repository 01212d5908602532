import { formatMinor } from '@openbourse/core';
import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { referralRebates, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Page, pageWindow, toPage } from '../../platform/fields.ts';

export interface RebateTotal {
  currency: string;
  amount: string;
}

export interface Invitee {
  /** The invitee's email or phone, masked: the inviter sees that someone joined, not who. */
  account: string;
  registered_at: number;
  rebates: RebateTotal[];
}

function maskAccount(email: string | null, phone: string | null): string {
  if (email) {
    const [name = '', domain = ''] = email.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '***';
}

export function createReferralService(ctx: AppContext) {
  const { db, catalog } = ctx;

  function totals(where: ReturnType<typeof eq>): RebateTotal[] {
    return db
      .select({ currencyId: referralRebates.currencyId, amount: sum(referralRebates.rebate).mapWith(Number) })
      .from(referralRebates)
      .where(where)
      .groupBy(referralRebates.currencyId)
      .all()
      .flatMap(({ currencyId, amount }) => {
        const currency = catalog.currency(currencyId);
        return currency ? [{ currency: currency.symbol, amount: formatMinor(amount, currency.scale) }] : [];
      });
  }

  return {
    /** The user's invite code, how many people they invited, and the rebates earned, per currency. */
    overview(userId: number) {
      const user = db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId)).get();
      const invitees = db.select({ n: count() }).from(users).where(eq(users.inviterId, userId)).get()?.n ?? 0;
      return { invite_code: user?.inviteCode ?? '', invitees, rebate_share: '20%', rebates: totals(eq(referralRebates.inviterId, userId)) };
    },

    invitees(userId: number, page: number, limit: number): Page<Invitee> {
      const window = pageWindow(page, limit);
      const rows = db
        .select({ id: users.id, email: users.email, phone: users.phone, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.inviterId, userId))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(window.limit)
        .offset(window.offset)
        .all();
      const total = db.select({ n: count() }).from(users).where(eq(users.inviterId, userId)).get()?.n ?? 0;
      const list = rows.map((row) => ({
        account: maskAccount(row.email, row.phone),
        registered_at: row.createdAt,
        rebates: totals(and(eq(referralRebates.inviterId, userId), eq(referralRebates.inviteeId, row.id)) ?? sql`0`),
      }));
      return toPage(list, window, total);
    },
  };
}
