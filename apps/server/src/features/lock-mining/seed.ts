import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentToMillionths, toMinor } from '@openbourse/core';
import { z } from 'zod';
import { lockMiningProducts } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';

const percent = z.string().refine((value) => percentToMillionths(value) !== null, 'a percentage with at most four decimals');

const productFile = z.array(
  z.object({
    key: z.string().regex(/^[a-z0-9-]{1,40}$/),
    currency: z.string(),
    lock_days: z.number().int().min(1).max(3650),
    daily_rate_percent: z.tuple([percent, percent]),
    min_amount: z.string(),
    max_per_user: z.string(),
    penalty_percent: percent,
    dividend_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    sort: z.number().int(),
  }),
);

/** "08:30" → minute of the day. */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Products of data/earn/lock-mining.json that the database does not hold
 * yet. Seeded once: from then on the console's edits are the truth.
 */
export function seedLockMiningProducts(ctx: AppContext, miningCurrencyIds: readonly number[]): void {
  const seeds = productFile.parse(JSON.parse(readFileSync(join(ctx.config.seedDataDir, 'earn', 'lock-mining.json'), 'utf8')));
  const now = ctx.now();
  ctx.db.transaction((tx) => {
    for (const seed of seeds) {
      const currency = ctx.catalog.currencyBySymbol(seed.currency);
      if (!currency || !miningCurrencyIds.includes(currency.id)) throw new Error(`lock-mining product ${seed.key}: the mining account does not hold ${seed.currency}`);
      const [minRate, maxRate] = seed.daily_rate_percent.map((value) => percentToMillionths(value) as number) as [number, number];
      if (minRate > maxRate) throw new Error(`lock-mining product ${seed.key}: the rate range is upside down`);
      tx.insert(lockMiningProducts)
        .values({
          seedKey: seed.key,
          currencyId: currency.id,
          lockDays: seed.lock_days,
          minRate,
          maxRate,
          minAmount: toMinor(seed.min_amount, currency.scale),
          maxPerUser: toMinor(seed.max_per_user, currency.scale),
          penaltyRate: percentToMillionths(seed.penalty_percent) as number,
          dividendMinute: minuteOfDay(seed.dividend_time),
          sort: seed.sort,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: lockMiningProducts.seedKey })
        .run();
    }
  });
}
