import { breakEvenWinRate, formatMinor, fromMinor, millionthsToPercent, type OptionDirection, type OptionOutcome, optionExpiry, optionFee, optionOutcome, optionPayout, payoutRatePercent, placedBreakEvenWinRate, stakeProblem, ticksToPrice } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post, postMany } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import type { Instrument } from '../../market/instruments.ts';
import { parseUserAmount } from '../../platform/amounts.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { afterFeeCharged } from '../../platform/fee-hooks.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { type IdempotencyKey, onceInTransaction } from '../../platform/idempotency.ts';
import type { OptionsConfig, PeriodConfig } from './config.ts';
import { ExpiryIndex } from './expiry-index.ts';

/** Options settled per database transaction: large enough that commits are few, small enough that the event loop breathes between them. */
const SETTLEMENT_BATCH = 1000;
/** A limit as people write it: 10, not 10.000000. */
const plain = (units: number, scale: number) => fromMinor(units, scale).toFixed();
const STATUS_OF: Record<OptionOutcome, OptionStatus> = { win: 'won', loss: 'lost', tie: 'tied' };

export type OptionStatus = 'open' | 'won' | 'lost' | 'tied';
export type ListStatus = 'open' | 'settled';

interface OptionRow {
  id: number;
  user_id: number;
  symbol: string;
  currency_id: number;
  direction: OptionDirection;
  seconds: number;
  payout_rate: number;
  stake: number;
  fee: number;
  expires_at: number;
  open_tick_id: number;
  open_tick_time: number;
  open_price_ticks: number;
  status: OptionStatus;
  settle_tick_id: number | null;
  settle_tick_time: number | null;
  settle_price_ticks: number | null;
  payout: number | null;
  created_at: number;
  settled_at: number | null;
}

interface Tick {
  id: number;
  priceTicks: number;
  time: number;
}

export interface SubmitInput {
  matchId: number;
  currencyId: number;
  direction: OptionDirection;
  seconds: number;
  number: string;
}

function statementsFor(ctx: AppContext) {
  const { sqlite } = ctx;
  return {
    insert: sqlite.prepare(
      `INSERT INTO seconds_options (user_id, symbol, currency_id, direction, seconds, payout_rate, stake, fee, expires_at, open_tick_id, open_tick_time, open_price_ticks, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) RETURNING id`,
    ) as Statement<[number, string, number, OptionDirection, number, number, number, number, number, number, number, number, number], { id: number }>,
    byId: sqlite.prepare('SELECT * FROM seconds_options WHERE id = ?') as Statement<[number], OptionRow>,
    openAmong: sqlite.prepare("SELECT * FROM seconds_options WHERE id IN (SELECT value FROM json_each(?)) AND status = 'open'") as Statement<[string], OptionRow>,
    allOpen: sqlite.prepare("SELECT id, symbol, expires_at FROM seconds_options WHERE status = 'open'") as Statement<[], Pick<OptionRow, 'id' | 'symbol' | 'expires_at'>>,
    settle: sqlite.prepare(
      "UPDATE seconds_options SET status = ?, settle_tick_id = ?, settle_tick_time = ?, settle_price_ticks = ?, payout = ?, settle_entry_id = ?, settled_at = ? WHERE id = ? AND status = 'open'",
    ) as Statement<[OptionStatus, number, number, number, number, number, number, number]>,
    firstTickAtOrAfter: sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? AND time >= ? ORDER BY time, id LIMIT 1') as Statement<[string, number], Tick>,
    balance: sqlite.prepare('SELECT available, frozen FROM ledger_accounts WHERE user_id = ? AND currency_id = ? AND account_type_id = ?') as Statement<
      [number, number, number],
      { available: number; frozen: number }
    >,
  };
}

/**
 * Seconds options (spec 3, 7, 9): accepted at the latest feed tick, settled on
 * the first feed tick at or after expiry, the house paying wins and taking
 * losses. The stake waits in the options (micro) account's frozen bucket.
 *
 * Settlement is driven three ways, all ending in `settleDue`: a feed tick of a
 * symbol with something expired (the deciding tick has just arrived), a timer
 * armed for the next expiry (a tick stored ahead of the clock), and the
 * scheduler (a restart, a moved clock). `ExpiryIndex` answers what is due
 * without touching the database.
 */
export function createOptionsService(ctx: AppContext, config: OptionsConfig) {
  const { catalog } = ctx;
  const microType = catalog.accountTypeByCode('micro');
  const usdtInfo = catalog.currencyBySymbol('USDT');
  if (!microType || !usdtInfo) throw new Error('seconds options need the micro account type and USDT');
  const microTypeId = microType.id;
  const usdt: CurrencyInfo = usdtInfo;
  const micro = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: microTypeId });
  const statements = statementsFor(ctx);
  const index = new ExpiryIndex();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt: number | undefined;
  let runs: Promise<number> = Promise.resolve(0);
  let settlementRequested = false;
  let stopped = false;

  const currencyOf = (id: number) => catalog.currency(id) as CurrencyInfo;
  const instrumentBySymbol = (symbol: string) => ctx.instruments.get(symbol) as Instrument;

  function instrumentOf(matchId: number): Instrument {
    const instrument = ctx.instruments.byCurrencies(matchId, usdt.id);
    if (!instrument) throw new AppError('errors.pairNotFound');
    return instrument;
  }

  function payableCurrency(currencyId: number): CurrencyInfo {
    const currency = config.payable.find((candidate) => candidate.id === currencyId);
    if (!currency) throw new AppError('options.currencyNotPayable', { currency: catalog.currency(currencyId)?.symbol ?? String(currencyId) });
    return currency;
  }

  function presentPeriod(period: PeriodConfig) {
    return {
      seconds: period.seconds,
      payout_rate: payoutRatePercent(period.payoutRate),
      /** Percent of the stake charged at placement on top of it (core optionFee previews it exactly). */
      fee_rate: millionthsToPercent(period.feeRate),
      break_even_win_rate: breakEvenWinRate(period.payoutRate, period.feeRate),
      stakes: config.payable.map((currency) => {
        const limits = period.stakes.get(currency.id) as { minStake: number; maxStake: number };
        return { currency_id: currency.id, currency: currency.symbol, min: plain(limits.minStake, currency.scale), max: plain(limits.maxStake, currency.scale) };
      }),
    };
  }

  function periods(matchId: number) {
    const instrument = instrumentOf(matchId);
    const now = ctx.now();
    return {
      match_id: instrument.base.id,
      symbol: instrument.symbol,
      market_open: ctx.market.isOpen(instrument, now),
      periods: config.periodsOf(instrument.symbol).map(presentPeriod),
    };
  }

  function payableCurrencies(userId: number) {
    return config.payable.map((currency) => {
      const balance = statements.balance.get(userId, currency.id, microTypeId);
      return {
        currency_id: currency.id,
        currency: currency.symbol,
        scale: currency.scale,
        icon: currency.icon,
        available: formatMinor(balance?.available ?? 0, currency.scale),
        frozen: formatMinor(balance?.frozen ?? 0, currency.scale),
      };
    });
  }

  function tickView(instrument: Instrument, id: number | null, time: number | null, priceTicks: number | null) {
    return id === null || time === null || priceTicks === null ? null : { id, time, price: ticksToPrice(instrument.def, priceTicks) };
  }

  function present(row: OptionRow) {
    const instrument = instrumentBySymbol(row.symbol);
    const currency = currencyOf(row.currency_id);
    return {
      id: row.id,
      match_id: instrument.base.id,
      symbol: row.symbol,
      currency_id: currency.id,
      currency: currency.symbol,
      type: row.direction,
      seconds: row.seconds,
      number: formatMinor(row.stake, currency.scale),
      /** The trading fee paid at placement, on top of the stake. */
      fee: formatMinor(row.fee, currency.scale),
      payout_rate: payoutRatePercent(row.payout_rate),
      break_even_win_rate: placedBreakEvenWinRate(row.stake, row.fee, row.payout_rate),
      /** What a win pays, stake included. */
      win_payout: formatMinor(optionPayout('win', row.stake, row.payout_rate), currency.scale),
      status: row.status,
      created_at: row.created_at,
      expires_at: row.expires_at,
      /** Seconds to expiry when answered (0 once due): a countdown from it does not depend on the device's clock. */
      seconds_left: row.status === 'open' ? Math.max(0, Math.ceil((row.expires_at - ctx.now()) / 1000)) : 0,
      open_tick: tickView(instrument, row.open_tick_id, row.open_tick_time, row.open_price_ticks),
      settle_tick: tickView(instrument, row.settle_tick_id, row.settle_tick_time, row.settle_price_ticks),
      payout: row.payout === null ? null : formatMinor(row.payout, currency.scale),
      profit: row.payout === null ? null : formatMinor(row.payout - row.stake, currency.scale),
      settled_at: row.settled_at,
    };
  }

  function assertTradable(instrument: Instrument, now: number, expiresAt: number): void {
    if (!ctx.market.isOpen(instrument, now)) {
      throw new AppError('errors.marketClosed', { opens: { dateTime: ctx.market.nextOpen(instrument, now), timeZone: 'America/New_York' } });
    }
    if (!ctx.market.isOpen(instrument, expiresAt)) throw new AppError('options.closesBeforeExpiry');
  }

  /**
   * The option's trading fee, in the placement's transaction: micro available
   * to the fees account, then what follows every fee (the inviter's rebate, a
   * fee coupon's refund; platform/fee-hooks.ts).
   */
  function chargeFee(userId: number, currency: CurrencyInfo, fee: number, optionId: number, memo: string, now: number): void {
    if (fee === 0) return;
    post(
      ctx.sqlite,
      {
        type: 'option_fee',
        refType: 'seconds_option',
        refId: optionId,
        memo,
        lines: [
          { account: micro(userId, currency.id), bucket: 'available', amount: -fee },
          { account: { system: 'fees', currencyId: currency.id }, bucket: 'available', amount: fee },
        ],
      },
      now,
    );
    afterFeeCharged(ctx.sqlite, { payerId: userId, fee, currencyId: currency.id, accountTypeId: microTypeId, refType: 'seconds_option', refId: optionId }, now);
  }

  /**
   * Places an option. With an idempotency key the claim, the checks, the
   * stake and the fee are one transaction: a repeat of the key answers the
   * first option (as it is now) and places nothing, whatever the price or the
   * clock say.
   */
  function submit(userId: number, input: SubmitInput, key?: IdempotencyKey) {
    const placed = ctx.sqlite.transaction(() => {
      const once = key && onceInTransaction<{ seconds_option: number }>(ctx.sqlite, key, ctx.now());
      if (once?.earlier) return { optionId: once.earlier.seconds_option, placedNow: null };
      const instrument = instrumentOf(input.matchId);
      const currency = payableCurrency(input.currencyId);
      const offered = config.periodsOf(instrument.symbol);
      const period = offered.find((candidate) => candidate.seconds === input.seconds);
      if (!period) throw new AppError('options.periodNotFound', { periods: offered.map((candidate) => candidate.seconds).join(', ') });
      const stake = parseUserAmount(input.number, currency);
      const limits = period.stakes.get(currency.id) as { minStake: number; maxStake: number };
      const problem = stakeProblem(stake, limits);
      if (problem === 'belowMinimum') throw new AppError('options.belowMinimum', { min: { amount: plain(limits.minStake, currency.scale) }, currency: currency.symbol });
      if (problem === 'aboveMaximum') throw new AppError('options.aboveMaximum', { max: { amount: plain(limits.maxStake, currency.scale) }, currency: currency.symbol });
      const now = ctx.now();
      const expiresAt = optionExpiry(now, period.seconds);
      assertTradable(instrument, now, expiresAt);
      const openTick = ctx.market.freshTick(instrument.symbol);
      if (!openTick) throw new AppError('errors.noMarketPrice');
      const fee = optionFee(stake, period.feeRate);
      const inserted = statements.insert.get(
        userId,
        instrument.symbol,
        currency.id,
        input.direction,
        period.seconds,
        period.payoutRate,
        stake,
        fee,
        expiresAt,
        openTick.id,
        openTick.time,
        openTick.priceTicks,
        now,
      ) as { id: number };
      post(
        ctx.sqlite,
        {
          type: 'option_stake',
          refType: 'seconds_option',
          refId: inserted.id,
          memo: `${instrument.symbol} ${input.direction} ${period.seconds} s from ${ticksToPrice(instrument.def, openTick.priceTicks)} (tick ${openTick.id}), ${payoutRatePercent(period.payoutRate)}% payout`,
          lines: [
            { account: micro(userId, currency.id), bucket: 'available', amount: -stake },
            { account: micro(userId, currency.id), bucket: 'frozen', amount: stake },
          ],
        },
        now,
      );
      chargeFee(userId, currency, fee, inserted.id, `${instrument.symbol} ${period.seconds} s option fee, ${millionthsToPercent(period.feeRate)}% of the stake`, now);
      once?.record({ seconds_option: inserted.id });
      const event: UserEvent = {
        userId,
        kind: 'option.placed',
        refType: 'seconds_option',
        refId: inserted.id,
        params: { symbol: instrument.symbol, direction: input.direction, seconds: period.seconds, amount: formatMinor(stake, currency.scale), currency: currency.symbol },
        time: now,
      };
      return { optionId: inserted.id, placedNow: { symbol: instrument.symbol, expiresAt, event } };
    })();
    if (placed.placedNow) {
      index.add(placed.placedNow.symbol, placed.placedNow.expiresAt, placed.optionId);
      armTimer();
      ctx.bus.emit('user', placed.placedNow.event);
      ctx.bus.emit('balance', { userId });
    }
    return present(statements.byId.get(placed.optionId) as OptionRow);
  }

  function ownOption(userId: number, optionId: number) {
    const row = statements.byId.get(optionId);
    if (!row || row.user_id !== userId) throw new AppError('options.optionNotFound');
    return present(row);
  }

  function ownOptions(userId: number, filter: { matchId?: number; status?: ListStatus; page: number; limit: number }) {
    const conditions = ['user_id = ?'];
    const params: (number | string)[] = [userId];
    if (filter.matchId !== undefined) {
      conditions.push('symbol = ?');
      params.push(instrumentOf(filter.matchId).symbol);
    }
    if (filter.status === 'open') conditions.push("status = 'open'");
    else if (filter.status === 'settled') conditions.push("status <> 'open'");
    const where = conditions.join(' AND ');
    const window = pageWindow(filter.page, filter.limit);
    const total = (ctx.sqlite.prepare(`SELECT count(*) AS total FROM seconds_options WHERE ${where}`).get(...params) as { total: number }).total;
    const rows = ctx.sqlite.prepare(`SELECT * FROM seconds_options WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...params, window.limit, window.offset) as OptionRow[];
    return toPage(rows.map(present), window, total);
  }

  /** Settles one batch of options that expired at the same moment on the same tick, in one transaction. */
  function settleBatch(instrument: Instrument, ids: number[], tick: Tick, now: number): OptionRow[] {
    // Options expiring together mostly opened on the same few ticks: each price is written out once per batch.
    const prices = new Map<number, string>();
    const priceOf = (priceTicks: number) => {
      let price = prices.get(priceTicks);
      if (price === undefined) {
        price = ticksToPrice(instrument.def, priceTicks);
        prices.set(priceTicks, price);
      }
      return price;
    };
    return ctx.sqlite.transaction(() => {
      const rows = statements.openAmong.all(JSON.stringify(ids));
      const outcomes = rows.map((row) => {
        const outcome = optionOutcome(row.direction, row.open_price_ticks, tick.priceTicks);
        return { row, outcome, payout: optionPayout(outcome, row.stake, row.payout_rate) };
      });
      // One entry per option; the accounts they share (the holder's, the house's) move once for the batch.
      const entryIds = postMany(
        ctx.sqlite,
        outcomes.map(({ row, outcome, payout }) => {
          const account = micro(row.user_id, row.currency_id);
          const house: AccountRef = { system: 'house', currencyId: row.currency_id };
          const lines: PostingLine[] = [
            { account, bucket: 'frozen', amount: -row.stake },
            { account, bucket: 'available', amount: payout },
            { account: house, bucket: 'available', amount: row.stake - payout },
          ];
          const currency = currencyOf(row.currency_id);
          return {
            type: 'option_settle',
            refType: 'seconds_option',
            refId: row.id,
            memo: `${row.symbol} ${row.direction} ${priceOf(row.open_price_ticks)} (tick ${row.open_tick_id}) → ${priceOf(tick.priceTicks)} (tick ${tick.id}): ${outcome}, pays ${formatMinor(payout, currency.scale)} ${currency.symbol}`,
            lines: lines.filter((line) => line.amount !== 0),
          };
        }),
        now,
      );
      return outcomes.map(({ row, outcome, payout }, index) => {
        const status = STATUS_OF[outcome];
        statements.settle.run(status, tick.id, tick.time, tick.priceTicks, payout, entryIds[index] as number, now, row.id);
        return { ...row, status, settle_tick_id: tick.id, settle_tick_time: tick.time, settle_price_ticks: tick.priceTicks, payout, settled_at: now };
      });
    })();
  }

  function announce(settled: OptionRow[], now: number): void {
    const users = new Set<number>();
    // Inside one transaction, so listeners that store the events (the notification centre) commit once per batch, not once per option.
    ctx.sqlite.transaction(() => {
      for (const row of settled) {
        const currency = currencyOf(row.currency_id);
        ctx.bus.emit('user', {
          userId: row.user_id,
          kind: 'option.settled',
          refType: 'seconds_option',
          refId: row.id,
          params: { symbol: row.symbol, status: row.status, payout: formatMinor(row.payout ?? 0, currency.scale), currency: currency.symbol, open_tick: row.open_tick_id, settle_tick: row.settle_tick_id ?? 0 },
          time: now,
        });
        users.add(row.user_id);
      }
    })();
    for (const userId of users) ctx.bus.emit('balance', { userId });
  }

  /**
   * Settles every option whose expiry has passed and whose deciding tick (the
   * first at or after expiry) is stored, in batched transactions, yielding to
   * the event loop between batches. Answers how many it settled.
   */
  async function settleDueNow(now: number): Promise<number> {
    let count = 0;
    for (const symbol of index.dueSymbols(now)) {
      const instrument = instrumentBySymbol(symbol);
      for (let moment = index.nextDue(symbol, now); moment !== undefined; moment = index.nextDue(symbol, now)) {
        const tick = statements.firstTickAtOrAfter.get(symbol, moment);
        // Later moments cannot have a tick either: wait for the feed.
        if (!tick) break;
        const ids = index.take(symbol, moment);
        for (let start = 0; start < ids.length; start += SETTLEMENT_BATCH) {
          const batch = ids.slice(start, start + SETTLEMENT_BATCH);
          try {
            const settled = settleBatch(instrument, batch, tick, now);
            count += settled.length;
            announce(settled, now);
          } catch (error) {
            // Nothing of the batch was written: it stays due and is tried again on the next run.
            for (const id of batch) index.add(symbol, moment, id);
            ctx.log.error({ err: error, symbol, moment }, 'seconds option settlement failed');
            return count;
          }
          if (start + SETTLEMENT_BATCH < ids.length) await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    return count;
  }

  /** Runs one after another, never two at once: each starts when the one before has finished. */
  function settleDue(now?: number): Promise<number> {
    const run = runs.then(() => (stopped ? 0 : settleDueNow(now ?? ctx.now())));
    runs = run.catch(() => 0);
    return run.finally(armTimer);
  }

  function requestSettlement(): void {
    if (settlementRequested || stopped) return;
    settlementRequested = true;
    setImmediate(() => {
      settlementRequested = false;
      settleDue().catch((error: unknown) => ctx.log.error({ err: error }, 'seconds option settlement run failed'));
    });
  }

  /** A timer for the next expiry, for when its deciding tick is already stored (or arrives before the clock gets there). */
  function armTimer(): void {
    if (stopped) return;
    const next = index.nextAfter(ctx.now());
    if (next === timerAt) return;
    clearTimeout(timer);
    timerAt = next;
    if (next === undefined) return;
    timer = setTimeout(() => {
      timerAt = undefined;
      requestSettlement();
    }, next - ctx.now());
    timer.unref();
  }

  /** Rebuilds the index from the open rows and follows the feed: what a start (or a restart) does. */
  function start(): void {
    for (const row of statements.allOpen.all()) index.add(row.symbol, row.expires_at, row.id);
    ctx.bus.on('tick', (tick) => {
      if (index.nextDue(tick.symbol, Math.min(tick.time, ctx.now())) !== undefined) requestSettlement();
    });
    armTimer();
  }

  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    await runs;
  }

  return { periods, payableCurrencies, submit, ownOption, ownOptions, settleDue, start, stop, openCount: () => index.size };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
