import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@openbourse/i18n';
import { toMinor } from '@openbourse/core';
import { z } from 'zod';
import { ieoProjects } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';

const HOUR_MS = 3_600_000;
const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const text = z.object({ name: z.string().min(1).max(80), description: z.string().min(1).max(2000) });

const projectFile = z.array(
  z.object({
    key: z.string().regex(/^[a-z0-9-]{1,40}$/),
    token: z.object({ id: z.number().int().min(200), symbol: z.string().regex(/^[A-Z0-9]{2,10}$/), name: z.string().min(1), scale: z.number().int().min(0).max(8) }),
    prices: z.array(z.object({ currency: z.string(), price: decimal })).min(1),
    total_issuance: decimal,
    min_per_user: decimal,
    max_per_user: decimal,
    /** Relative to the first start, so a fresh install has one IEO in warm-up, one in progress and one finished. */
    starts_in_hours: z.number().int(),
    subscribe_hours: z.number().int().min(1),
    lock_days: z.number().int().min(0).max(3650),
    whitepaper: z.string().url(),
    website: z.string().url(),
    sort: z.number().int(),
    texts: z.object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, text])) as Record<(typeof LANGUAGE_CODES)[number], typeof text>),
  }),
);

/** Projects of data/earn/ieo.json the database does not hold yet; seeded once, then the console's edits are the truth. */
export function seedIeoProjects(ctx: AppContext): void {
  const seeds = projectFile.parse(JSON.parse(readFileSync(join(ctx.config.seedDataDir, 'earn', 'ieo.json'), 'utf8')));
  const now = ctx.now();
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  ctx.db.transaction((tx) => {
    for (const seed of seeds) {
      if (ctx.catalog.currency(seed.token.id) || ctx.catalog.currencyBySymbol(seed.token.symbol)) throw new Error(`IEO ${seed.key}: token ${seed.token.symbol} clashes with a currency of data/`);
      const prices = seed.prices.map((entry) => {
        const currency = ctx.catalog.currencyBySymbol(entry.currency);
        if (!currency) throw new Error(`IEO ${seed.key}: unknown pay currency ${entry.currency}`);
        return { currency_id: currency.id, price: entry.price };
      });
      const start = hour + seed.starts_in_hours * HOUR_MS;
      tx.insert(ieoProjects)
        .values({
          seedKey: seed.key,
          tokenCurrencyId: seed.token.id,
          tokenSymbol: seed.token.symbol,
          tokenName: seed.token.name,
          tokenScale: seed.token.scale,
          tokenIcon: `/static/coins/${seed.token.symbol.toLowerCase()}.svg`,
          texts: seed.texts,
          prices,
          totalIssuance: toMinor(seed.total_issuance, seed.token.scale),
          minPerUser: toMinor(seed.min_per_user, seed.token.scale),
          maxPerUser: toMinor(seed.max_per_user, seed.token.scale),
          subscribeStart: start,
          subscribeEnd: start + seed.subscribe_hours * HOUR_MS,
          lockDays: seed.lock_days,
          whitepaper: seed.whitepaper,
          website: seed.website,
          sort: seed.sort,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: ieoProjects.seedKey })
        .run();
    }
  });
}
