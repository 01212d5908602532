import { type Decimal, DAY_MS, dailyYield, dec, formatMinor, fromMinor, ieoStatus, millionthsToPercent, rateDayOf, ZERO } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, asc, count, eq, gt, inArray, max, min } from 'drizzle-orm';
import { dualOrders, dualProducts, ieoOrders, ieoProjects, lockMiningOrders, lockMiningProducts, lockMiningRates } from '../../db/schema.ts';
import type { CurrencyInfo, FiatRate } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/** How many upcoming payments and settling orders the overview lists. */
const LIST_LIMIT = 10;

type Kind = 'lock_mining' | 'ieo' | 'dual';

interface Amount {
  kind: Kind;
  currencyId: number;
  units: number;
}

interface Payment {
  kind: Kind;
  what: 'dividend' | 'settlement' | 'allocation' | 'unlock';
  order_id: number;
  at: number;
  currency: string;
  /** The amount, or its range when it is not known yet (a dividend's rate, a dual outcome). */
  amount: string | null;
  amount_min: string | null;
  amount_max: string | null;
}

/**
 * The financial overview: every earn product in one place and, for a signed
 * in user, what they hold in them, what they have earned and what comes
 * next, valued in the fiat currency they chose. It reads the earn tables;
 * each product's own rules stay with its feature and packages/core.
 */
export function createFinancialService(ctx: AppContext) {
  const { db, catalog } = ctx;
  const currencyOf = (id: number) => catalog.currency(id) as CurrencyInfo;

  function fiatRate(code: string): FiatRate {
    const rate = catalog.fiatRates.find((entry) => entry.code === code.toUpperCase());
    if (!rate) throw new AppError('validation.invalid', { field: { key: 'fields.fiat' } });
    return rate;
  }

  const usdtValue = (currencyId: number, units: number): Decimal => fromMinor(units, currencyOf(currencyId).scale).times(ctx.prices.usdtPrice(currencyId));

  /** Amounts summed per kind and currency, each valued in USDT and the fiat. */
  function valued(amounts: Amount[], fiat: FiatRate) {
    const totals = new Map<string, Amount>();
    for (const amount of amounts) {
      const key = `${amount.kind}:${amount.currencyId}`;
      const entry = totals.get(key) ?? { kind: amount.kind, currencyId: amount.currencyId, units: 0 };
      entry.units += amount.units;
      totals.set(key, entry);
    }
    const rows = [...totals.values()]
      .filter((entry) => entry.units !== 0)
      .map((entry) => {
        const currency = currencyOf(entry.currencyId);
        const usdt = usdtValue(entry.currencyId, entry.units);
        return { kind: entry.kind, currency: currency.symbol, icon: currency.icon, amount: formatMinor(entry.units, currency.scale), usdt_value: usdt.toFixed(2), fiat_value: usdt.times(fiat.rate).toFixed(2), usdt };
      });
    const total = rows.reduce((sum, row) => sum.plus(row.usdt), ZERO);
    return { rows: rows.map(({ usdt: _usdt, ...row }) => row), totalUsdt: total };
  }

  function products(lang: Language, now: number) {
    const lock = db
      .select({ count: count(), shortest: min(lockMiningProducts.lockDays), longest: max(lockMiningProducts.lockDays), bestRate: max(lockMiningProducts.maxRate) })
      .from(lockMiningProducts)
      .where(eq(lockMiningProducts.enabled, true))
      .get();
    const duals = db
      .select()
      .from(dualProducts)
      .where(and(eq(dualProducts.enabled, true), gt(dualProducts.saleEnd, now)))
      .all();
    const onSale = duals.filter((product) => product.saleStart <= now);
    const bestApr = onSale.reduce<Decimal | null>((best, product) => (best === null || dec(product.aprPercent).greaterThan(best) ? dec(product.aprPercent) : best), null);
    const projects = db.select().from(ieoProjects).orderBy(asc(ieoProjects.subscribeStart)).all();
    const statuses = projects.map((project) => ieoStatus(now, project.subscribeStart, project.subscribeEnd));
    const upcoming = projects
      .filter((_, index) => statuses[index] !== 'finished')
      .map((project) => {
        const text = project.texts[lang] ?? project.texts.en ?? { name: project.tokenName };
        return { id: project.id, name: text.name, token: project.tokenSymbol, icon: project.tokenIcon, status: ieoStatus(now, project.subscribeStart, project.subscribeEnd), subscribe_start: project.subscribeStart, subscribe_end: project.subscribeEnd };
      });
    return {
      lock_mining: {
        count: lock?.count ?? 0,
        shortest_days: lock?.shortest ?? null,
        longest_days: lock?.longest ?? null,
        best_daily_rate: lock?.bestRate === null || lock?.bestRate === undefined ? null : millionthsToPercent(lock.bestRate),
      },
      dual: { on_sale: onSale.length, best_apr: bestApr?.toFixed() ?? null, coins: [...new Set(onSale.map((product) => currencyOf(product.coinCurrencyId).symbol))] },
      ieo: { warmup: statuses.filter((status) => status === 'warmup').length, in_progress: statuses.filter((status) => status === 'in_progress').length, finished: statuses.filter((status) => status === 'finished').length },
      upcoming_ieos: upcoming,
    };
  }

  function holdings(userId: number, fiat: FiatRate, now: number) {
    const locks = db.select().from(lockMiningOrders).where(eq(lockMiningOrders.userId, userId)).all();
    const duals = db.select().from(dualOrders).where(eq(dualOrders.userId, userId)).all();
    const subscriptions = db.select().from(ieoOrders).where(eq(ieoOrders.userId, userId)).all();
    const projectIds = [...new Set(subscriptions.map((order) => order.projectId))];
    const projects = new Map((projectIds.length === 0 ? [] : db.select().from(ieoProjects).where(inArray(ieoProjects.id, projectIds)).all()).map((project) => [project.id, project]));

    const running = locks.filter((order) => order.status === 'running');
    const open = duals.filter((order) => order.status === 'purchased');
    const locked = valued(
      [
        ...running.map((order) => ({ kind: 'lock_mining' as const, currencyId: order.currencyId, units: order.amount })),
        ...open.map((order) => ({ kind: 'dual' as const, currencyId: order.investCurrencyId, units: order.invested })),
        ...subscriptions.filter((order) => order.status === 'pending').map((order) => ({ kind: 'ieo' as const, currencyId: order.payCurrencyId, units: order.held })),
        ...subscriptions
          .filter((order) => order.status === 'allocated' && (order.allocated ?? 0) > 0)
          .map((order) => ({ kind: 'ieo' as const, currencyId: projects.get(order.projectId)?.tokenCurrencyId ?? 0, units: order.allocated ?? 0 })),
      ],
      fiat,
    );
    // Net of early-redemption penalties: what the user is better off by, not what was paid out.
    const earned = valued(
      [
        ...locks.map((order) => ({ kind: 'lock_mining' as const, currencyId: order.currencyId, units: order.yieldPaid - (order.penalty ?? 0) })),
        ...duals.filter((order) => order.payoutCurrencyId !== null).map((order) => ({ kind: 'dual' as const, currencyId: order.payoutCurrencyId as number, units: order.interest ?? 0 })),
      ],
      fiat,
    );

    const payments: Payment[] = [];
    for (const order of running) {
      const currency = currencyOf(order.currencyId);
      const at = order.valueAt + (order.daysPaid + 1) * DAY_MS;
      // The next day's rate is drawn from the range committed for its date.
      const range = db
        .select({ minRate: lockMiningRates.minRate, maxRate: lockMiningRates.maxRate })
        .from(lockMiningRates)
        .where(and(eq(lockMiningRates.productId, order.productId), eq(lockMiningRates.day, rateDayOf(at))))
        .get() ?? { minRate: order.minRate, maxRate: order.maxRate };
      payments.push({
        kind: 'lock_mining',
        what: 'dividend',
        order_id: order.id,
        at,
        currency: currency.symbol,
        amount: null,
        amount_min: formatMinor(dailyYield(order.amount, range.minRate), currency.scale),
        amount_max: formatMinor(dailyYield(order.amount, range.maxRate), currency.scale),
      });
    }
    for (const order of open) {
      const invest = currencyOf(order.investCurrencyId);
      payments.push({ kind: 'dual', what: 'settlement', order_id: order.id, at: order.maturityAt, currency: invest.symbol, amount: formatMinor(order.invested, invest.scale), amount_min: null, amount_max: null });
    }
    for (const order of subscriptions) {
      const project = projects.get(order.projectId);
      if (!project) continue;
      if (order.status === 'pending') {
        payments.push({ kind: 'ieo', what: 'allocation', order_id: order.id, at: project.subscribeEnd, currency: project.tokenSymbol, amount: null, amount_min: null, amount_max: formatMinor(Math.min(order.committed, project.maxPerUser), project.tokenScale) });
      } else if (order.status === 'allocated' && (order.allocated ?? 0) > 0) {
        payments.push({ kind: 'ieo', what: 'unlock', order_id: order.id, at: order.unlocksAt ?? project.subscribeEnd, currency: project.tokenSymbol, amount: formatMinor(order.allocated ?? 0, project.tokenScale), amount_min: null, amount_max: null });
      }
    }
    payments.sort((a, b) => a.at - b.at);

    const settling = open
      .filter((order) => order.maturityAt - now <= 3 * DAY_MS)
      .sort((a, b) => a.maturityAt - b.maturityAt)
      .slice(0, LIST_LIMIT)
      .map((order) => {
        const coin = currencyOf(order.coinCurrencyId);
        const invest = currencyOf(order.investCurrencyId);
        return { id: order.id, pair: `${coin.symbol}/USDT`, type: order.direction, linked_price: order.linkedPrice, apr: order.aprPercent, maturity_at: order.maturityAt, invested: formatMinor(order.invested, invest.scale), invest_currency: invest.symbol, settling: now >= order.maturityAt };
      });

    return {
      locked: locked.rows,
      locked_usdt: locked.totalUsdt.toFixed(2),
      locked_fiat: locked.totalUsdt.times(fiat.rate).toFixed(2),
      earnings: earned.rows,
      total_earnings_usdt: earned.totalUsdt.toFixed(2),
      total_earnings_fiat: earned.totalUsdt.times(fiat.rate).toFixed(2),
      next_payments: payments.slice(0, LIST_LIMIT),
      dual_settling: settling,
      counts: { lock_mining: running.length, dual: open.length, ieo: subscriptions.filter((order) => order.status !== 'unlocked').length },
    };
  }

  function overview(userId: number | null, lang: Language, fiatCode: string) {
    const fiat = fiatRate(fiatCode);
    const now = ctx.now();
    return {
      fiat: { code: fiat.code, symbol: fiat.symbol, rate: fiat.rate },
      products: products(lang, now),
      holdings: userId === null ? null : holdings(userId, fiat, now),
    };
  }

  return { overview };
}
