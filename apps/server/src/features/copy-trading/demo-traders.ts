import type { LeverSide, LeverPositions } from '../../platform/lever-positions.ts';
import { movingAverageCrossover, toMinor } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { copyTraderApplications, copyTraders, users } from '../../db/schema.ts';
import { creditDemoFunds } from '../../ledger/demo-funds.ts';
import type { AppContext } from '../../platform/context.ts';
import type { CopyTradingConfig } from '../../platform/copy-trading-terms.ts';
import { translate } from '../../platform/i18n.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { insertUser } from '../../platform/users.ts';

/**
 * Demo mode's approved traders (issue 13 §1): their lever accounts trade by
 * a published rule on the feed, a 5/20-tick moving-average crossover
 * (core `movingAverageCrossover`), so a new follower sees copies open live.
 * Same password as the demo user.
 */
type DemoTexts = 'trend' | 'contrarian';

interface DemoTrader {
  email: string;
  nickname: string;
  /** Its introduction and rule in the shared catalogue (`copyDemo.<texts>`), seeded in English and shown in the reader's language. */
  texts: DemoTexts;
  introduction: string;
  strategy: string;
  symbol: string;
  lots: number;
  multiple: number;
  /** The side a rising crossover opens: 'long' follows the trend, 'short' fades it. */
  onRise: LeverSide;
}

const DEMO_PASSWORD = 'Demo12345';
const LEVER_FUNDS = '10000';
/** A trader switches sides at most once a minute, so a choppy feed does not eat the account in fees. */
const MIN_SWITCH_MS = 60_000;
const SLOW = 20;

const demoText = (language: Language, texts: DemoTexts, field: 'introduction' | 'strategy') => translate(language, `copyDemo.${texts}.${field}`);

export const DEMO_TRADERS: readonly DemoTrader[] = [
  {
    email: 'trader1@openbourse.test',
    nickname: 'Trend BTC',
    texts: 'trend',
    introduction: demoText('en', 'trend', 'introduction'),
    strategy: demoText('en', 'trend', 'strategy'),
    symbol: 'BTC/USDT',
    lots: 10,
    multiple: 10,
    onRise: 'long',
  },
  {
    email: 'trader2@openbourse.test',
    nickname: 'Contrarian ETH',
    texts: 'contrarian',
    introduction: demoText('en', 'contrarian', 'introduction'),
    strategy: demoText('en', 'contrarian', 'strategy'),
    symbol: 'ETH/USDT',
    lots: 10,
    multiple: 10,
    onRise: 'short',
  },
];

/**
 * A trader's introduction and rule as a reader sees them: a demo trader's
 * seeded texts (recognised by the stored English rule) in the reader's
 * language; any other trader's as they wrote them.
 */
export function traderTexts(trader: { introduction: string; strategy: string }, language: Language): { introduction: string; strategy: string } {
  const demo = DEMO_TRADERS.find((entry) => entry.strategy === trader.strategy && entry.introduction === trader.introduction);
  return demo ? { introduction: demoText(language, demo.texts, 'introduction'), strategy: demoText(language, demo.texts, 'strategy') } : trader;
}

/** Creates the demo traders once (verified Lv1, funded lever account, approved application). */
export async function seedDemoTraders(ctx: AppContext, config: CopyTradingConfig): Promise<void> {
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  const lever = ctx.catalog.accountTypeByCode('lever');
  if (!usdt || !lever) return;
  for (const trader of DEMO_TRADERS) {
    if (ctx.db.select({ id: users.id }).from(users).where(eq(users.email, trader.email)).get()) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = ctx.now();
    ctx.db.transaction((tx) => {
      const user = insertUser(tx, { email: trader.email, passwordHash }, now);
      tx.update(users).set({ verificationLevel: 1, nickname: trader.nickname }).where(eq(users.id, user.id)).run();
      creditDemoFunds(ctx, { userId: user.id, currency: usdt, accountTypeId: lever.id, units: toMinor(LEVER_FUNDS, usdt.scale), actor: 'seed' });
      const application = tx
        .insert(copyTraderApplications)
        .values({ userId: user.id, nickname: trader.nickname, introduction: trader.introduction, shareBps: config.defaultShareBps, status: 'approved', reviewedBy: 'seed', reviewedAt: now, createdAt: now })
        .returning()
        .get();
      tx.insert(copyTraders)
        .values({ userId: user.id, applicationId: application.id, nickname: trader.nickname, introduction: trader.introduction, strategy: trader.strategy, shareBps: config.defaultShareBps, maxFollowers: config.maxFollowers, approvedAt: now })
        .run();
    });
  }
}

/** Runs the demo traders' rule on every feed tick of their instruments. */
export function startDemoRule(ctx: AppContext, positions: LeverPositions): void {
  const traders = DEMO_TRADERS.map((trader) => ({ trader, userId: ctx.db.select({ id: users.id }).from(users).where(eq(users.email, trader.email)).get()?.id, lastSwitch: Number.NEGATIVE_INFINITY })).filter(
    (entry): entry is { trader: DemoTrader; userId: number; lastSwitch: number } => entry.userId !== undefined,
  );
  const prices = new Map<string, number[]>();
  ctx.bus.on('tick', (tick) => {
    const watching = traders.filter((entry) => entry.trader.symbol === tick.symbol);
    if (watching.length === 0) return;
    const series = prices.get(tick.symbol) ?? [];
    series.push(tick.priceTicks);
    if (series.length > SLOW + 1) series.shift();
    prices.set(tick.symbol, series);
    const signal = movingAverageCrossover(series, 5, SLOW);
    if (!signal) return;
    for (const entry of watching) {
      if (tick.time - entry.lastSwitch < MIN_SWITCH_MS) continue;
      const side: LeverSide = signal === 'up' ? entry.trader.onRise : entry.trader.onRise === 'long' ? 'short' : 'long';
      try {
        const holding = positions.holding(entry.userId).filter((position) => position.symbol === tick.symbol);
        for (const position of holding.filter((open) => open.side !== side)) positions.close(entry.userId, position.id);
        if (!holding.some((open) => open.side === side)) positions.openMarket(entry.userId, { symbol: tick.symbol, side, lots: entry.trader.lots, multiple: entry.trader.multiple });
        entry.lastSwitch = tick.time;
      } catch (error) {
        // A refused order (no balance left, market closed) waits for the next crossover.
        ctx.log.warn({ err: error, trader: entry.trader.email }, 'demo trader rule not applied');
      }
    }
  });
}
