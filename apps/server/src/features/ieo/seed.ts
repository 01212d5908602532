import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@openbourse/i18n';
import { toMinor } from '@openbourse/core';
import { eq, isNotNull } from 'drizzle-orm';
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

type IeoSeed = z.infer<typeof projectFile>[number];

const readSeeds = (ctx: AppContext): IeoSeed[] => projectFile.parse(JSON.parse(readFileSync(join(ctx.config.seedDataDir, 'earn', 'ieo.json'), 'utf8')));

/** A seed as a project whose subscription opens at `start`; `round` above 1 is a repeat of the seed, named so. */
function projectOf(ctx: AppContext, seed: IeoSeed, round: number, start: number, now: number): typeof ieoProjects.$inferInsert {
  const prices = seed.prices.map((entry) => {
    const currency = ctx.catalog.currencyBySymbol(entry.currency);
    if (!currency) throw new Error(`IEO ${seed.key}: unknown pay currency ${entry.currency}`);
    return { currency_id: currency.id, price: entry.price };
  });
  const texts = round === 1 ? seed.texts : Object.fromEntries(Object.entries(seed.texts).map(([code, text]) => [code, { ...text, name: `${text.name} #${round}` }]));
  return {
    seedKey: round === 1 ? seed.key : `${seed.key}#${round}`,
    tokenCurrencyId: seed.token.id,
    tokenSymbol: seed.token.symbol,
    tokenName: seed.token.name,
    tokenScale: seed.token.scale,
    tokenIcon: `/static/coins/${seed.token.symbol.toLowerCase()}.svg`,
    texts,
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
  };
}

/** Projects of data/earn/ieo.json the database does not hold yet; seeded once, then the console's edits are the truth. */
export function seedIeoProjects(ctx: AppContext): void {
  const seeds = readSeeds(ctx);
  const now = ctx.now();
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  ctx.db.transaction((tx) => {
    for (const seed of seeds) {
      if (tx.select({ id: ieoProjects.id }).from(ieoProjects).where(eq(ieoProjects.seedKey, seed.key)).get()) continue;
      if (ctx.catalog.currency(seed.token.id) || ctx.catalog.currencyBySymbol(seed.token.symbol)) throw new Error(`IEO ${seed.key}: token ${seed.token.symbol} clashes with a currency of data/`);
      tx.insert(ieoProjects)
        .values(projectOf(ctx, seed, 1, hour + seed.starts_in_hours * HOUR_MS, now))
        .run();
    }
  });
}

/** How long a repeated round stays in warm-up: as long as the seeded project that starts in warm-up. */
const DEMO_WARMUP_MS = 72 * HOUR_MS;

/**
 * Demo mode only (never in production, where operators create projects):
 * whenever no seeded project is in warm-up, the seeded project whose latest
 * round finished first (and has been allocated) opens its next round, seed key
 * `<key>#<round>`, selling the same token again: warm-up for three days, then
 * in progress for the seed's subscription hours, then finished. So a demo
 * that runs for weeks always shows a project in warm-up, one in progress and
 * finished ones. Run by the scheduler.
 */
export function rollDemoIeoProjects(ctx: AppContext, now: number): void {
  const seeds = readSeeds(ctx);
  ctx.db.transaction((tx) => {
    const seeded = tx
      .select({ seedKey: ieoProjects.seedKey, subscribeStart: ieoProjects.subscribeStart, subscribeEnd: ieoProjects.subscribeEnd, allocatedAt: ieoProjects.allocatedAt })
      .from(ieoProjects)
      .where(isNotNull(ieoProjects.seedKey))
      .all();
    const roundsOf = (key: string) => seeded.filter((row) => row.seedKey === key || row.seedKey?.startsWith(`${key}#`));
    const ours = seeds.flatMap((seed) => roundsOf(seed.key));
    if (ours.some((row) => row.subscribeStart > now)) return;
    const ready = seeds
      .map((seed) => {
        const rounds = roundsOf(seed.key);
        const latest = rounds.reduce<(typeof rounds)[number] | undefined>((last, row) => (last === undefined || row.subscribeStart > last.subscribeStart ? row : last), undefined);
        return { seed, rounds: rounds.length, latest };
      })
      .filter((entry) => entry.latest !== undefined && entry.latest.subscribeEnd <= now && entry.latest.allocatedAt !== null)
      .sort((a, b) => (a.latest?.subscribeEnd ?? 0) - (b.latest?.subscribeEnd ?? 0));
    const next = ready[0];
    if (!next) return;
    const start = Math.floor(now / HOUR_MS) * HOUR_MS + DEMO_WARMUP_MS;
    tx.insert(ieoProjects).values(projectOf(ctx, next.seed, next.rounds + 1, start, now)).onConflictDoNothing({ target: ieoProjects.seedKey }).run();
  });
}
