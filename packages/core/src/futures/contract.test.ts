import { describe, expect, it } from 'vitest';
import {
  accountRiskRate,
  checkStops,
  closePriceTicks,
  entrustOpenPriceTicks,
  entrustReachedAt,
  entrustTrigger,
  type FuturesPosition,
  type FuturesTerms,
  initialMargin,
  isLiquidatedAt,
  levelDirections,
  liquidationPriceTicks,
  openPriceTicks,
  overnightFee,
  pnlAtFeedLevel,
  positionRiskRate,
  previewOpen,
  settleClose,
  tradeFee,
  unrealizedPnl,
} from './contract.ts';

// BTC: 0.01 per tick, 0.001 BTC per lot, USDT scale 6, spread 0.10 (10 ticks), fee 0.05%, maintenance 0.5%, overnight 0.02%.
const btc: FuturesTerms = { tickSize: '0.01', lotSize: '0.001', quoteScale: 6, spreadTicks: 10, feeRate: '0.0005', maintenanceMarginRatio: '0.005', overnightRate: '0.0002' };
const ticks = (price: string) => Math.round(Number(price) * 100);
const usdt = (amount: string) => Math.round(Number(amount) * 1_000_000);

// 10 lots (0.01 BTC) opened at a feed of 100000.00: long at 100000.05, notional 1000.0005, ×10 margin 100.00005.
const long: FuturesPosition = { side: 'long', lots: 10, openPriceTicks: ticks('100000.05'), marginMinor: usdt('100.00005') };
const short: FuturesPosition = { side: 'short', lots: 10, openPriceTicks: ticks('99999.95'), marginMinor: usdt('99.999950') };

describe('open and close prices: half the spread each way', () => {
  it.each([
    { side: 'long', feed: '100000', open: '100000.05', close: '99999.95' },
    { side: 'short', feed: '100000', open: '99999.95', close: '100000.05' },
    { side: 'long', feed: '0.01', open: '0.06', close: '0.01' },
  ] as const)('$side at $feed opens at $open and closes at $close', ({ side, feed, open, close }) => {
    expect(openPriceTicks(btc, side, ticks(feed))).toBe(ticks(open));
    expect(closePriceTicks(btc, side, ticks(feed))).toBe(ticks(close));
  });

  it('rounds half of an odd spread up, toward the platform', () => {
    expect(openPriceTicks({ ...btc, spreadTicks: 3 }, 'long', 1000)).toBe(1002);
    expect(openPriceTicks({ ...btc, spreadTicks: 0 }, 'short', 1000)).toBe(1000);
  });
});

describe('margin and fees', () => {
  it.each([
    { lots: 10, price: '100000.05', multiple: 10, margin: '100.00005', fee: '0.500001' },
    { lots: 1, price: '100000.05', multiple: 100, margin: '1.0000005', fee: '0.050001' },
    { lots: 1, price: '0.01', multiple: 100, margin: '0.000001', fee: '0.000001' },
    { lots: 3, price: '33333.33', multiple: 7, margin: '14.285713', fee: '0.050000' },
  ])('$lots lots at $price ×$multiple: margin $margin, fee $fee', ({ lots, price, multiple, margin, fee }) => {
    expect(initialMargin(btc, ticks(price), lots, multiple)).toBe(usdt(margin));
    expect(tradeFee(btc, ticks(price), lots)).toBe(usdt(fee));
  });

  it('previews a market open with the same numbers the position will hold', () => {
    const preview = previewOpen(btc, 'long', 10, 10, { feedTicks: ticks('100000') });
    expect(preview).toEqual({ openPriceTicks: long.openPriceTicks, marginMinor: long.marginMinor, feeMinor: usdt('0.500001'), totalMinor: usdt('100.500051'), liquidationTicks: ticks('90500.09') });
    expect(previewOpen(btc, 'short', 10, 10, { limitTicks: ticks('100000') }).openPriceTicks).toBe(ticks('100000'));
  });
});

describe('P&L and risk rates', () => {
  it.each([
    // zero move: only the spread is lost
    { position: long, feed: '100000', pnl: '-0.001', risk: '99.99' },
    { position: short, feed: '100000', pnl: '-0.001', risk: '99.99' },
    { position: long, feed: '101000', pnl: '9.999', risk: '109.99' },
    { position: short, feed: '101000', pnl: '-10.001', risk: '89.99' },
    // a loss rounds toward the larger loss: (99999.945 is not a tick) 1 tick below
    { position: long, feed: '99999.99', pnl: '-0.0011', risk: '99.99' },
  ])('$position.side at $feed: P&L $pnl, risk rate $risk%', ({ position, feed, pnl, risk }) => {
    expect(unrealizedPnl(btc, position, ticks(feed))).toBe(usdt(pnl));
    expect(positionRiskRate(btc, position, ticks(feed))).toBe(risk);
  });

  it('rounds a fractional P&L down: a profit loses under one minor unit, a loss gains one', () => {
    const odd: FuturesPosition = { side: 'long', lots: 1, openPriceTicks: 1, marginMinor: 1 };
    const terms = { ...btc, lotSize: '0.0000001', spreadTicks: 0 };
    expect(unrealizedPnl(terms, odd, 2)).toBe(0); // +0.000000001
    expect(unrealizedPnl(terms, { ...odd, openPriceTicks: 3 }, 2)).toBe(-1); // −0.000000001
  });

  it('gives the account risk rate over every position and the free balance', () => {
    expect(accountRiskRate(usdt('50'), [{ equityMinor: usdt('90'), marginMinor: usdt('100') }, { equityMinor: usdt('110'), marginMinor: usdt('100') }])).toBe('125.00');
    expect(accountRiskRate(usdt('50'), [])).toBeNull();
  });

  it('expects the P&L at the take-profit and stop-loss levels after the spread', () => {
    expect(pnlAtFeedLevel(btc, long, ticks('110000'))).toBe(usdt('99.999'));
    expect(pnlAtFeedLevel(btc, long, ticks('95000'))).toBe(usdt('-50.001'));
  });
});

describe('liquidation price', () => {
  it.each([
    { name: 'long ×10', position: long, level: '90500.09' },
    { name: 'short ×10', position: short, level: '109499.90' },
    // maximum multiple: liquidated within half a percent of the open
    { name: 'long ×100', position: { ...long, marginMinor: initialMargin(btc, long.openPriceTicks, 10, 100) }, level: '99500.09' },
    // ×1 long: liquidated only when the price has nearly vanished
    { name: 'long ×1', position: { ...long, marginMinor: initialMargin(btc, long.openPriceTicks, 10, 1) }, level: '500.05' },
    // minimum lots
    { name: 'long 1 lot ×10', position: { ...long, lots: 1, marginMinor: initialMargin(btc, long.openPriceTicks, 1, 10) }, level: '90500.09' },
  ])('$name liquidates at $level', ({ position, level }) => {
    expect(liquidationPriceTicks(btc, position)).toBe(ticks(level));
  });

  it('is exactly where equity meets the maintenance margin: at the level, not one tick before', () => {
    const level = liquidationPriceTicks(btc, long);
    expect(isLiquidatedAt(btc, long, level)).toBe(true);
    expect(isLiquidatedAt(btc, long, level + 1)).toBe(false);
    const shortLevel = liquidationPriceTicks(btc, short);
    expect(isLiquidatedAt(btc, short, shortLevel)).toBe(true);
    expect(isLiquidatedAt(btc, short, shortLevel - 1)).toBe(false);
  });

  it('moves away when margin is added', () => {
    const added = { ...long, marginMinor: long.marginMinor + usdt('50') };
    expect(liquidationPriceTicks(btc, added)).toBe(ticks('85500.09'));
    expect(liquidationPriceTicks(btc, { ...short, marginMinor: short.marginMinor + usdt('50') })).toBe(ticks('114499.90'));
  });
});

describe('closing', () => {
  it('pays margin + P&L − fee', () => {
    expect(settleClose(btc, long, ticks('101000'))).toEqual({ closePriceTicks: ticks('100999.95'), pnlMinor: usdt('9.999'), feeMinor: usdt('0.505'), payoutMinor: usdt('109.49405'), deficitMinor: 0 });
  });

  it('at the liquidation level returns what is left above zero', () => {
    const settled = settleClose(btc, long, ticks('90500.09'));
    expect(settled.payoutMinor).toBeGreaterThan(0);
    expect(settled.deficitMinor).toBe(0);
  });

  it('caps the loss at the margin on a gap past liquidation: the house absorbs the rest', () => {
    expect(settleClose(btc, long, ticks('80000'))).toEqual({ closePriceTicks: ticks('79999.95'), pnlMinor: usdt('-200.001'), feeMinor: 0, payoutMinor: 0, deficitMinor: usdt('100.00095') });
  });

  it('charges only what is left as the fee when the fee would exceed it', () => {
    const thin = { ...long, marginMinor: usdt('0.2') };
    const settled = settleClose(btc, thin, ticks('100000'));
    expect(settled).toMatchObject({ pnlMinor: usdt('-0.001'), feeMinor: usdt('0.199'), payoutMinor: 0, deficitMinor: 0 });
  });
});

describe('overnight fee', () => {
  it.each([
    { lots: 10, price: '100000.05', fee: '0.200001' },
    { lots: 1, price: '0.01', fee: '0.000001' },
  ])('$lots lots at $price pay $fee a day', ({ lots, price, fee }) => {
    expect(overnightFee(btc, { lots, openPriceTicks: ticks(price) })).toBe(usdt(fee));
  });
});

describe('take-profit and stop-loss', () => {
  it.each([
    { position: long, tp: '101000', sl: '99000', refusal: null },
    { position: long, tp: '99000', sl: undefined, refusal: 'take_profit_wrong_side' },
    { position: long, tp: '100000', sl: undefined, refusal: 'take_profit_wrong_side' },
    { position: long, tp: undefined, sl: '100001', refusal: 'stop_loss_wrong_side' },
    { position: long, tp: undefined, sl: '90500.09', refusal: 'stop_loss_beyond_liquidation' },
    { position: long, tp: undefined, sl: '90500.10', refusal: null },
    { position: short, tp: '99000', sl: '101000', refusal: null },
    { position: short, tp: '101000', sl: undefined, refusal: 'take_profit_wrong_side' },
    { position: short, tp: undefined, sl: '99000', refusal: 'stop_loss_wrong_side' },
    { position: short, tp: undefined, sl: '109499.90', refusal: 'stop_loss_beyond_liquidation' },
  ] as const)('$position.side tp $tp sl $sl → $refusal', ({ position, tp, sl, refusal }) => {
    const stops = { takeProfitTicks: tp === undefined ? undefined : ticks(tp), stopLossTicks: sl === undefined ? undefined : ticks(sl) };
    expect(checkStops(btc, position, ticks('100000'), stops)).toBe(refusal);
  });

  it('names the direction the feed moves to reach each level', () => {
    expect(levelDirections('long')).toEqual({ takeProfit: 'rise', stopLoss: 'fall', liquidation: 'fall' });
    expect(levelDirections('short')).toEqual({ takeProfit: 'fall', stopLoss: 'rise', liquidation: 'rise' });
  });
});

describe('limit entrusts', () => {
  it('open when the open price including the spread reaches the limit', () => {
    expect(entrustTrigger(btc, 'long', ticks('95000'))).toEqual({ level: ticks('94999.95'), direction: 'fall' });
    expect(entrustTrigger(btc, 'short', ticks('105000'))).toEqual({ level: ticks('105000.05'), direction: 'rise' });
  });

  it.each([
    // side, limit, feed, reached, open price when reached
    ['long', '95000', '94999.96', false, null],
    ['long', '95000', '94999.95', true, '95000.00'],
    ['long', '95000', '94000', true, '94000.05'],
    // a long limit above the price is reached at once, at the price plus half the spread
    ['long', '100100', '100000', true, '100000.05'],
    ['short', '105000', '105000.04', false, null],
    ['short', '105000', '105000.05', true, '105000.00'],
    ['short', '99000', '100000', true, '99999.95'],
  ] as const)('%s limit %s at a feed of %s: reached %s, opens at %s', (side, limit, feed, reached, open) => {
    expect(entrustReachedAt(btc, side, ticks(limit), ticks(feed))).toBe(reached);
    if (open !== null) expect(entrustOpenPriceTicks(btc, side, ticks(limit), ticks(feed))).toBe(ticks(open));
  });
});
