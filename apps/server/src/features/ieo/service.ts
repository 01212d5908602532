import { allocateIeo, DAY_MS, dec, formatMinor, ieoCost, ieoStatus, type IeoStatus, parseDecimal, proRataShare } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql, sum } from 'drizzle-orm';
import { currencies, ieoOrders, ieoProjects } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { holdLines, type PostingLine, post } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import { parseUserAmount } from '../../platform/amounts.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';

type Project = typeof ieoProjects.$inferSelect;
type Order = typeof ieoOrders.$inferSelect;

const STATUS_CODES: Record<IeoStatus, number> = { warmup: 0, in_progress: 1, finished: 2 };

export function createIeoService(ctx: AppContext) {
  const { db, catalog } = ctx;
  const spotType = catalog.accountTypeByCode('change');
  if (!spotType) throw new Error('IEO needs the change account type');
  const spot = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: spotType.id });
  const currencyOf = (id: number) => catalog.currency(id) as CurrencyInfo;

  function tokenInfo(project: Project): CurrencyInfo {
    const usdt = catalog.currencyBySymbol('USDT');
    // The token's reference value in USDT: its issue price, through the pay currency's price when USDT is not one of them.
    const first = project.prices.find((entry) => entry.currency_id === usdt?.id) ?? project.prices[0];
    const referencePrice = first ? dec(first.price).times(ctx.prices.usdtPrice(first.currency_id)).toFixed() : '0';
    return {
      id: project.tokenCurrencyId,
      symbol: project.tokenSymbol,
      name: project.tokenName,
      kind: 'crypto',
      scale: project.tokenScale,
      displayDecimals: Math.min(project.tokenScale, 4),
      chains: [],
      icon: project.tokenIcon,
      referencePrice,
      sort: 200 + project.tokenCurrencyId,
    };
  }

  /** From the end of its subscription an IEO's token is a currency of the platform, in the database and the catalogue. */
  function listToken(project: Project): CurrencyInfo {
    const existing = catalog.currency(project.tokenCurrencyId);
    if (existing) return existing;
    const info = tokenInfo(project);
    db.insert(currencies).values({ ...info, enabled: true }).onConflictDoNothing({ target: currencies.id }).run();
    catalog.registerCurrency(info);
    return info;
  }

  /**
   * At start: the tokens of every subscription that has ended are currencies
   * again, and so is every token already allocated, even should the clock now
   * read before its end (a demo's advanced clock is gone after a restart):
   * balances are held in it.
   */
  function listEndedTokens(now: number): void {
    for (const project of db.select().from(ieoProjects).where(or(lte(ieoProjects.subscribeEnd, now), isNotNull(ieoProjects.allocatedAt))).all()) listToken(project);
  }

  function totalsOf(projectIds: number[]): Map<number, { committed: number; subscribers: number }> {
    if (projectIds.length === 0) return new Map();
    const rows = db
      .select({ projectId: ieoOrders.projectId, committed: sum(ieoOrders.committed), subscribers: count() })
      .from(ieoOrders)
      .where(inArray(ieoOrders.projectId, projectIds))
      .groupBy(ieoOrders.projectId)
      .all();
    return new Map(rows.map((row) => [row.projectId, { committed: Number(row.committed ?? 0), subscribers: row.subscribers }]));
  }

  function textOf(project: Project, lang: Language) {
    return project.texts[lang] ?? project.texts.en ?? Object.values(project.texts)[0] ?? { name: project.tokenName, description: '' };
  }

  function presentProject(project: Project, lang: Language, totals: { committed: number; subscribers: number } | undefined, now: number) {
    const status = ieoStatus(now, project.subscribeStart, project.subscribeEnd);
    const committed = totals?.committed ?? 0;
    const scale = project.tokenScale;
    const text = textOf(project, lang);
    const prices = project.prices.map((entry) => ({ currency_id: entry.currency_id, currency: currencyOf(entry.currency_id).symbol, price: entry.price }));
    return {
      id: project.id,
      name: text.name,
      description: text.description,
      token: project.tokenSymbol,
      token_name: project.tokenName,
      token_currency_id: project.tokenCurrencyId,
      icon: project.tokenIcon,
      price: prices[0]?.price ?? '0',
      price_currency: prices[0]?.currency ?? '',
      prices,
      pay_currencies: prices.map((entry) => entry.currency),
      total_issuance: formatMinor(project.totalIssuance, scale),
      min_per_user: formatMinor(project.minPerUser, scale),
      max_per_user: formatMinor(project.maxPerUser, scale),
      subscribe_start: project.subscribeStart,
      subscribe_end: project.subscribeEnd,
      lock_days: project.lockDays,
      unlock_at: project.subscribeEnd + project.lockDays * DAY_MS,
      whitepaper: project.whitepaper,
      website: project.website,
      status,
      status_code: STATUS_CODES[status],
      total_committed: formatMinor(committed, scale),
      subscribers: totals?.subscribers ?? 0,
      /** Committed ÷ issuance in percent; above 100 the sale is oversubscribed. */
      progress: project.totalIssuance === 0 ? '0.00' : dec(committed).times(100).dividedBy(project.totalIssuance).toFixed(2),
      allocated: project.allocatedAt !== null,
    };
  }

  function projectById(projectId: number): Project {
    const project = db.select().from(ieoProjects).where(eq(ieoProjects.id, projectId)).get();
    if (!project) throw new AppError('earn.productNotFound');
    return project;
  }

  function projects(lang: Language, page: number, limit: number, status?: IeoStatus) {
    const now = ctx.now();
    const condition =
      status === 'warmup' ? sql`${ieoProjects.subscribeStart} > ${now}` : status === 'in_progress' ? sql`${ieoProjects.subscribeStart} <= ${now} AND ${ieoProjects.subscribeEnd} > ${now}` : status === 'finished' ? lte(ieoProjects.subscribeEnd, now) : undefined;
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(ieoProjects).where(condition).get()?.total ?? 0;
    const rows = db.select().from(ieoProjects).where(condition).orderBy(asc(ieoProjects.sort), desc(ieoProjects.id)).limit(window.limit).offset(window.offset).all();
    const totals = totalsOf(rows.map((row) => row.id));
    return toPage(
      rows.map((row) => presentProject(row, lang, totals.get(row.id), now)),
      window,
      total,
    );
  }

  /** Per allocated project: its commitments are fixed from the end of the sale, so the pool is worked out once, not for every order shown. */
  const redistributions = new Map<number, ReturnType<typeof allocateIeo>['redistribution']>();

  /** The pool the uncapped subscribers shared, recomputed from the sale's commitments; null when no cap left one. */
  function redistributionOf(project: Project) {
    if (!redistributions.has(project.id)) {
      const commitments = db.select({ key: ieoOrders.id, committed: ieoOrders.committed }).from(ieoOrders).where(eq(ieoOrders.projectId, project.id)).all();
      redistributions.set(project.id, allocateIeo(project.totalIssuance, project.maxPerUser, commitments).redistribution);
    }
    return redistributions.get(project.id) ?? null;
  }

  /**
   * What decided an allocated order's share: the whole commitment (not
   * oversubscribed, or lifted there by the excess of capped subscribers), the
   * per-user cap, plain pro rata, or the pool left after the caps shared pro rata.
   */
  function allocationBasis(order: Order, project: Project) {
    const allocated = order.allocated ?? 0;
    if (order.capped) return { basis: 'cap' as const, redistribution: null };
    if (allocated === order.committed) return { basis: 'commitment' as const, redistribution: null };
    const redistribution = redistributionOf(project);
    if (!redistribution) return { basis: 'pro_rata' as const, redistribution: null };
    return {
      basis: 'redistributed' as const,
      redistribution: { pool: formatMinor(redistribution.pool, project.tokenScale), uncapped_committed: formatMinor(redistribution.uncappedCommitted, project.tokenScale) },
    };
  }

  function presentOrder(order: Order, project: Project, lang: Language) {
    const pay = currencyOf(order.payCurrencyId);
    const scale = project.tokenScale;
    const token = (units: number | null) => (units === null ? null : formatMinor(units, scale));
    const payAmount = (units: number | null) => (units === null ? null : formatMinor(units, pay.scale));
    const allocation =
      order.allocatedAt === null || order.totalCommitted === null
        ? null
        : {
            total_committed: token(order.totalCommitted),
            total_issuance: token(project.totalIssuance),
            oversubscribed: order.totalCommitted > project.totalIssuance,
            /** committed ÷ total committed × issuance, before caps: the pro-rata share. */
            pro_rata: token(proRataShare(order.committed, order.totalCommitted, project.totalIssuance)),
            cap: token(order.cap),
            capped: order.capped ?? false,
            ...allocationBasis(order, project),
            allocated: token(order.allocated),
            paid: payAmount(order.paid),
            refunded: payAmount(order.refunded),
          };
    return {
      id: order.id,
      project_id: project.id,
      name: textOf(project, lang).name,
      token: project.tokenSymbol,
      icon: project.tokenIcon,
      pay_currency_id: pay.id,
      pay_currency: pay.symbol,
      price: order.price,
      committed: token(order.committed),
      held: payAmount(order.held),
      status: order.status,
      subscribe_end: project.subscribeEnd,
      unlocks_at: order.unlocksAt ?? project.subscribeEnd + project.lockDays * DAY_MS,
      created_at: order.createdAt,
      allocated_at: order.allocatedAt,
      unlocked_at: order.unlockedAt,
      allocation,
    };
  }

  function detail(projectId: number, lang: Language, userId: number | null) {
    const project = projectById(projectId);
    const mine = userId === null ? undefined : db.select().from(ieoOrders).where(and(eq(ieoOrders.projectId, project.id), eq(ieoOrders.userId, userId))).get();
    return { ...presentProject(project, lang, totalsOf([project.id]).get(project.id), ctx.now()), my_order: mine ? presentOrder(mine, project, lang) : null };
  }

  function subscribe(userId: number, lang: Language, input: { projectId: number; committed: string; payCurrency: CurrencyInfo; price: string }) {
    const project = projectById(input.projectId);
    const now = ctx.now();
    if (ieoStatus(now, project.subscribeStart, project.subscribeEnd) !== 'in_progress') throw new AppError('earn.notOnSale');
    const price = project.prices.find((entry) => entry.currency_id === input.payCurrency.id);
    if (!price) throw new AppError('earn.payCurrencyNotAccepted');
    // The price the user saw must be the price charged.
    const shown = parseDecimal(input.price);
    if (!shown) throw new AppError('validation.price');
    if (!dec(price.price).equals(shown)) throw new AppError('earn.priceChanged', { price: `${price.price} ${input.payCurrency.symbol}` });
    const committed = parseUserAmount(input.committed, { scale: project.tokenScale, symbol: project.tokenSymbol });
    if (committed < project.minPerUser) throw new AppError('earn.belowMinimum', { min: { amount: formatMinor(project.minPerUser, project.tokenScale) }, currency: project.tokenSymbol });
    if (committed > project.totalIssuance) throw new AppError('earn.aboveIssuance');
    const held = ieoCost(committed, project.tokenScale, price.price, input.payCurrency.scale);
    const orderId = db.transaction((tx) => {
      if (tx.select({ id: ieoOrders.id }).from(ieoOrders).where(and(eq(ieoOrders.projectId, project.id), eq(ieoOrders.userId, userId))).get()) throw new AppError('earn.alreadySubscribed');
      const order = tx
        .insert(ieoOrders)
        .values({ projectId: project.id, userId, payCurrencyId: input.payCurrency.id, price: price.price, committed, held, status: 'pending', createdAt: now })
        .returning({ id: ieoOrders.id })
        .get();
      post(
        ctx.sqlite,
        {
          type: 'ieo_subscribe',
          refType: 'ieo_order',
          refId: order.id,
          memo: `${formatMinor(committed, project.tokenScale)} ${project.tokenSymbol} at ${price.price} ${input.payCurrency.symbol}`,
          lines: holdLines(spot(userId, input.payCurrency.id), held),
        },
        now,
      );
      return order.id;
    });
    ctx.bus.emit('user', {
      userId,
      kind: 'ieo.subscribed',
      refType: 'ieo_order',
      refId: orderId,
      params: { amount: formatMinor(committed, project.tokenScale), token: project.tokenSymbol, held: formatMinor(held, input.payCurrency.scale), currency: input.payCurrency.symbol },
      time: now,
    });
    ctx.bus.emit('balance', { userId });
    return presentOrder(db.select().from(ieoOrders).where(eq(ieoOrders.id, orderId)).get() as Order, project, lang);
  }

  function myOrders(userId: number, lang: Language, page: number, limit: number) {
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(ieoOrders).where(eq(ieoOrders.userId, userId)).get()?.total ?? 0;
    const rows = db.select().from(ieoOrders).where(eq(ieoOrders.userId, userId)).orderBy(desc(ieoOrders.id)).limit(window.limit).offset(window.offset).all();
    const projectIds = [...new Set(rows.map((row) => row.projectId))];
    const byId = new Map((projectIds.length === 0 ? [] : db.select().from(ieoProjects).where(inArray(ieoProjects.id, projectIds)).all()).map((project) => [project.id, project]));
    return toPage(
      rows.map((row) => presentOrder(row, byId.get(row.projectId) as Project, lang)),
      window,
      total,
    );
  }

  /**
   * The end of a subscription: the token is listed, the allocation computed
   * over every subscriber, then each subscriber settled in one transaction
   * (pay for the allocation from the hold, the rest released, the tokens
   * credited frozen). A restart in the middle resumes with the orders still
   * pending; the allocation is a function of the commitments, so it is the same.
   */
  function allocateEnded(now: number): void {
    const due = db
      .select()
      .from(ieoProjects)
      .where(and(lte(ieoProjects.subscribeEnd, now), sql`${ieoProjects.allocatedAt} IS NULL`))
      .all();
    for (const project of due) {
      const token = listToken(project);
      const orders = db.select().from(ieoOrders).where(eq(ieoOrders.projectId, project.id)).orderBy(asc(ieoOrders.id)).all();
      const result = allocateIeo(
        project.totalIssuance,
        project.maxPerUser,
        orders.map((order) => ({ key: order.id, committed: order.committed })),
      );
      const byOrder = new Map(result.allocations.map((row) => [row.key, row]));
      for (const order of orders.filter((row) => row.status === 'pending')) {
        const allocation = byOrder.get(order.id);
        if (!allocation) continue;
        const event = settleOrder(project, token, order, allocation, result.totalCommitted, now);
        if (!event) continue;
        ctx.bus.emit('user', event);
        ctx.bus.emit('balance', { userId: order.userId });
      }
      db.update(ieoProjects).set({ allocatedAt: now }).where(eq(ieoProjects.id, project.id)).run();
    }
  }

  function settleOrder(project: Project, token: CurrencyInfo, order: Order, allocation: { allocated: number; capped: boolean }, totalCommitted: number, now: number): UserEvent | null {
    const pay = currencyOf(order.payCurrencyId);
    const paid = ieoCost(allocation.allocated, project.tokenScale, order.price, pay.scale);
    const refunded = order.held - paid;
    const unlocksAt = project.subscribeEnd + project.lockDays * DAY_MS;
    const settled = db.transaction((tx) => {
      if (tx.select({ status: ieoOrders.status }).from(ieoOrders).where(eq(ieoOrders.id, order.id)).get()?.status !== 'pending') return false;
      const lines: PostingLine[] = [{ account: spot(order.userId, pay.id), bucket: 'frozen', amount: -order.held }];
      if (paid > 0) lines.push({ account: { system: 'treasury', currencyId: pay.id }, bucket: 'available', amount: paid });
      if (refunded > 0) lines.push({ account: spot(order.userId, pay.id), bucket: 'available', amount: refunded });
      if (allocation.allocated > 0) {
        // The tokens are issued from the treasury and stay frozen until the lock period ends.
        lines.push({ account: { system: 'treasury', currencyId: token.id }, bucket: 'available', amount: -allocation.allocated });
        lines.push({ account: spot(order.userId, token.id), bucket: 'frozen', amount: allocation.allocated });
      }
      const entryId = post(
        ctx.sqlite,
        {
          type: 'ieo_allocate',
          refType: 'ieo_order',
          refId: order.id,
          memo: `${formatMinor(order.committed, token.scale)} / ${formatMinor(totalCommitted, token.scale)} × ${formatMinor(project.totalIssuance, token.scale)} ${token.symbol}, cap ${formatMinor(project.maxPerUser, token.scale)}: ${formatMinor(allocation.allocated, token.scale)} allocated, ${formatMinor(paid, pay.scale)} ${pay.symbol} paid`,
          lines,
        },
        now,
      );
      tx.update(ieoOrders)
        .set({ status: 'allocated', totalCommitted, cap: project.maxPerUser, capped: allocation.capped, allocated: allocation.allocated, paid, refunded, entryId, unlocksAt, allocatedAt: now })
        .where(eq(ieoOrders.id, order.id))
        .run();
      return true;
    });
    if (!settled) return null;
    return {
      userId: order.userId,
      kind: 'ieo.allocated',
      refType: 'ieo_order',
      refId: order.id,
      params: { allocated: formatMinor(allocation.allocated, token.scale), token: token.symbol, paid: formatMinor(paid, pay.scale), refunded: formatMinor(refunded, pay.scale), currency: pay.symbol },
      time: now,
    };
  }

  /** At the end of the lock period the allocated tokens become available. */
  function unlockDue(now: number): void {
    const due = db
      .select()
      .from(ieoOrders)
      .where(and(eq(ieoOrders.status, 'allocated'), lte(ieoOrders.unlocksAt, now)))
      .all();
    for (const order of due) {
      const project = projectById(order.projectId);
      const token = listToken(project);
      const allocated = order.allocated ?? 0;
      const unlocked = db.transaction((tx) => {
        if (tx.select({ status: ieoOrders.status }).from(ieoOrders).where(eq(ieoOrders.id, order.id)).get()?.status !== 'allocated') return false;
        if (allocated > 0) {
          post(
            ctx.sqlite,
            { type: 'ieo_unlock', refType: 'ieo_order', refId: order.id, memo: `${project.lockDays}-day lock ended`, lines: [
              { account: spot(order.userId, token.id), bucket: 'frozen', amount: -allocated },
              { account: spot(order.userId, token.id), bucket: 'available', amount: allocated },
            ] },
            now,
          );
        }
        tx.update(ieoOrders).set({ status: 'unlocked', unlockedAt: now }).where(eq(ieoOrders.id, order.id)).run();
        return true;
      });
      if (unlocked && allocated > 0) {
        ctx.bus.emit('user', { userId: order.userId, kind: 'ieo.unlocked', refType: 'ieo_order', refId: order.id, params: { amount: formatMinor(allocated, token.scale), token: token.symbol }, time: now });
        ctx.bus.emit('balance', { userId: order.userId });
      }
    }
  }

  return { listEndedTokens, projects, detail, subscribe, myOrders, allocateEnded, unlockDue, presentOrder };
}
