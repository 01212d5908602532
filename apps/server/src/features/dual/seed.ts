import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS, Decimal, dec, dualSettlementMoment, rateDayOf, toMinor } from '@openbourse/core';
import { desc, eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import { dualProducts } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';

const HOUR_MS = 3_600_000;
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const productFile = z.array(
  z.object({
    key: z.string().regex(/^[a-z0-9-]{1,40}$/),
    coin: z.string(),
    direction: z.enum(['call', 'put']),
    /** The linked price relative to the feed price at first start, in percent (a call above it, a put below). */
    linked_offset_percent: decimal,
    apr_percent: decimal,
    /** Maturity at 08:00 UTC this many UTC dates after the first start; also the days the interest is paid for. */
    maturity_days: z.number().int().min(1).max(365),
    /** One share: the coin for a call, USDT for a put. */
    share: decimal,
    total_shares: z.number().int().min(1),
    sort: z.number().int(),
  }),
);

/** A price rounded down to three significant digits (96,250 → 96,200), as a linked price is quoted. */
export function roundLinkedPrice(price: Decimal): string {
  if (price.lessThanOrEqualTo(0)) return '0';
  const step = Decimal.pow(10, Math.max(-8, price.abs().log(10).floor().toNumber() - 2));
  return price.dividedBy(step).floor().times(step).toFixed();
}

type DualSeed = z.infer<typeof productFile>[number];

const readSeeds = (ctx: AppContext): DualSeed[] => productFile.parse(JSON.parse(readFileSync(join(ctx.config.seedDataDir, 'earn', 'dual.json'), 'utf8')));

/** A seed as a product on sale from `now`: linked relative to the feed's price now, maturing its number of UTC dates ahead at 08:00. */
function productOf(ctx: AppContext, seed: DualSeed, seedKey: string, now: number): typeof dualProducts.$inferInsert {
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  const coin = ctx.catalog.currencyBySymbol(seed.coin);
  if (!usdt || !coin || !ctx.instruments.byCurrencies(coin.id, usdt.id)) throw new Error(`dual product ${seed.key}: no ${seed.coin}/USDT market to settle on`);
  const linkedPrice = roundLinkedPrice(ctx.prices.usdtPrice(coin.id).times(dec(100).plus(seed.linked_offset_percent)).dividedBy(100));
  const today = Date.parse(`${rateDayOf(now)}T00:00:00.000Z`);
  const maturityAt = dualSettlementMoment(rateDayOf(today + seed.maturity_days * DAY_MS));
  return {
    seedKey,
    coinCurrencyId: coin.id,
    direction: seed.direction,
    linkedPrice,
    aprPercent: seed.apr_percent,
    days: seed.maturity_days,
    maturityAt,
    shareAmount: toMinor(seed.share, seed.direction === 'call' ? coin.scale : usdt.scale),
    totalShares: seed.total_shares,
    saleStart: Math.floor(now / HOUR_MS) * HOUR_MS,
    saleEnd: maturityAt - HOUR_MS,
    sort: seed.sort,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Products of data/earn/dual.json the database does not hold yet, priced at
 * first start: the linked price relative to the feed's current price and the
 * maturity a few days ahead, so a fresh install has products to buy.
 */
export function seedDualProducts(ctx: AppContext): void {
  const seeds = readSeeds(ctx);
  const now = ctx.now();
  ctx.db.transaction((tx) => {
    for (const seed of seeds) tx.insert(dualProducts).values(productOf(ctx, seed, seed.key, now)).onConflictDoNothing({ target: dualProducts.seedKey }).run();
  });
}

/**
 * Demo mode only (never in production, where operators create products): a
 * seeded product whose sale has ended is followed by its next round, seed key
 * `<key>#<round>`, priced off the feed now and maturing the seed's number of
 * dates ahead, so a demo that runs for weeks always has products on sale. A
 * round the operator disabled is not followed. Run by the scheduler.
 */
export function rollDemoDualProducts(ctx: AppContext, now: number): void {
  const seeds = readSeeds(ctx);
  ctx.db.transaction((tx) => {
    for (const seed of seeds) {
      const rounds = tx
        .select({ saleEnd: dualProducts.saleEnd, enabled: dualProducts.enabled })
        .from(dualProducts)
        .where(or(eq(dualProducts.seedKey, seed.key), like(dualProducts.seedKey, `${seed.key}#%`)))
        .orderBy(desc(dualProducts.saleEnd))
        .all();
      const latest = rounds[0];
      if (!latest?.enabled || latest.saleEnd > now) continue;
      tx.insert(dualProducts)
        .values(productOf(ctx, seed, `${seed.key}#${rounds.length + 1}`, now))
        .onConflictDoNothing({ target: dualProducts.seedKey })
        .run();
    }
  });
}
