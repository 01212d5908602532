import {
  BPS_PER_UNIT,
  type Decimal,
  dec,
  deriveSpec,
  type InstrumentDef,
  lotsToQuantity,
  marketProtectionPrice,
  type PreviewAmount,
  previewSpotOrder,
  priceToTicks,
  quantityToLots,
  roundQuantityToLots,
  type Side,
  SpotPreviewError,
  type TimeInForce,
} from '@openbourse/core';

export type DraftOrderType = 'limit' | 'market' | 'stop_limit';

/** What the order form holds, exactly as typed (a decimal comma already read as a point). */
export interface OrderDraft {
  side: Side;
  type: DraftOrderType;
  /** Limit price in quote (limit and stop-limit); ignored for market orders. */
  price: string;
  /** Stop-limit only: the feed price that places the limit order. */
  stopPrice: string;
  /** Quantity in base. */
  amount: string;
  /** Order value in quote; follows amount × price, or leads it when typed. */
  total: string;
  /** Which of amount and total the user typed last: the other one follows it. A market buy by total spends exactly that total. */
  basis: 'amount' | 'total';
  timeInForce: TimeInForce;
  /** Limit GTC only: refused rather than taking liquidity. */
  postOnly: boolean;
}

export const EMPTY_DRAFT: OrderDraft = { side: 'buy', type: 'limit', price: '', stopPrice: '', amount: '', total: '', basis: 'amount', timeInForce: 'GTC', postOnly: false };

/** What the form knows about the market and the user when it evaluates a draft. */
export interface DraftMarket {
  def: InstrumentDef;
  /** Last traded price: the reference of a market order, as the server takes it. */
  lastPrice: string | undefined;
  /** Available balance of what the order holds (quote for a buy, base for a sell); undefined when unknown. */
  available: string | undefined;
}

/** Why a draft cannot be submitted as it is, in the order the form shows its fields. */
export type DraftIssue =
  | 'stopMissing'
  | 'stopInvalid'
  | 'stopOffTick'
  | 'priceMissing'
  | 'priceInvalid'
  | 'priceOffTick'
  | 'noMarketPrice'
  | 'amountMissing'
  | 'amountInvalid'
  | 'amountOffLot'
  | 'totalMissing'
  | 'totalInvalid'
  | 'tooLarge'
  | 'belowMinNotional'
  | 'insufficientBalance';

export interface DraftPreview {
  /** A market order's figures are estimated at the last price; a limit order's are exact. */
  estimated: boolean;
  /** Order value in quote. */
  notional: string;
  /** The most the order can be charged (taker fee on the whole notional), in quote. */
  fee: string;
  /** What submitting freezes: a buy its notional plus fee (a market buy at its protection price), a sell its quantity. */
  hold: PreviewAmount;
  /** What a complete fill yields: a buy the quantity, a sell the notional less the fee. */
  receive: PreviewAmount;
}

export interface DraftEvaluation {
  preview: DraftPreview | null;
  issue: DraftIssue | null;
}

type Ticks = { ticks: number } | { issue: DraftIssue };

function limitPriceTicks(def: InstrumentDef, price: string): Ticks {
  if (price.trim() === '') return { issue: 'priceMissing' };
  const conversion = priceToTicks(def, price.trim());
  if (conversion.ok) return { ticks: conversion.ticks };
  if (conversion.reason === 'off_tick') return { issue: 'priceOffTick' };
  return { issue: conversion.reason === 'too_large' ? 'tooLarge' : 'priceInvalid' };
}

function referenceTicks(def: InstrumentDef, lastPrice: string | undefined): Ticks {
  const conversion = lastPrice === undefined ? null : priceToTicks(def, lastPrice);
  return conversion?.ok ? { ticks: conversion.ticks } : { issue: 'noMarketPrice' };
}

type Lots = { lots: number } | { issue: DraftIssue };

function draftLots(def: InstrumentDef, amount: string): Lots {
  if (amount.trim() === '') return { issue: 'amountMissing' };
  const conversion = quantityToLots(def, amount.trim());
  if (conversion.ok) return { lots: conversion.lots };
  if (conversion.reason === 'off_lot') return { issue: 'amountOffLot' };
  return { issue: conversion.reason === 'too_large' ? 'tooLarge' : 'amountInvalid' };
}

/** Limit orders at their price; market orders estimated at the last price but holding at the protection price, as the server does. */
function computePreview(draft: OrderDraft, def: InstrumentDef, priceTicks: number, lots: number): { preview: DraftPreview; belowMinNotional: boolean } {
  const atPrice = previewSpotOrder({ def, side: draft.side, type: draft.type === 'market' ? 'market' : 'limit', priceTicks, lots });
  const held = draft.type === 'market' ? previewSpotOrder({ def, side: draft.side, type: 'market', priceTicks: marketProtectionPrice(def, draft.side, priceTicks), lots }) : atPrice;
  return {
    preview: { estimated: draft.type === 'market', notional: atPrice.notionalDecimal, fee: atPrice.feeDecimal, hold: held.hold, receive: atPrice.receive },
    belowMinNotional: atPrice.belowMinNotional,
  };
}

/**
 * Parses and checks a draft and previews it with the same core function the
 * server uses to hold funds, so what the form shows is what will be frozen.
 * The preview is kept when the only problem is the minimum or the balance,
 * so the user sees the figures that are wrong.
 */
export function evaluateDraft(draft: OrderDraft, market: DraftMarket): DraftEvaluation {
  const { def } = market;
  if (draft.type === 'stop_limit') {
    const stop = stopPriceIssue(def, draft.stopPrice);
    if (stop) return { preview: null, issue: stop };
  }
  const price = draft.type === 'market' ? referenceTicks(def, market.lastPrice) : limitPriceTicks(def, draft.price);
  if ('issue' in price) return { preview: null, issue: price.issue };
  if (spendsTotal(draft)) return evaluateSpend(draft, market, price.ticks);
  const quantity = draftLots(def, draft.amount);
  if ('issue' in quantity) return { preview: null, issue: quantity.issue };
  let computed: ReturnType<typeof computePreview>;
  try {
    computed = computePreview(draft, def, price.ticks, quantity.lots);
  } catch (error) {
    if (error instanceof SpotPreviewError) return { preview: null, issue: 'tooLarge' };
    throw error;
  }
  const { preview, belowMinNotional } = computed;
  if (belowMinNotional) return { preview, issue: 'belowMinNotional' };
  if (market.available !== undefined && dec(preview.hold.amountDecimal).greaterThan(market.available)) return { preview, issue: 'insufficientBalance' };
  return { preview, issue: null };
}

function stopPriceIssue(def: InstrumentDef, stopPrice: string): DraftIssue | null {
  if (stopPrice.trim() === '') return 'stopMissing';
  const conversion = priceToTicks(def, stopPrice.trim());
  if (conversion.ok) return null;
  return conversion.reason === 'off_tick' ? 'stopOffTick' : conversion.reason === 'too_large' ? 'tooLarge' : 'stopInvalid';
}

/** A market buy given as the quote to spend ("spend 100 USDT"): the server fills within exactly that budget. */
export const spendsTotal = (draft: Pick<OrderDraft, 'side' | 'type' | 'basis'>): boolean => draft.type === 'market' && draft.side === 'buy' && draft.basis === 'total';

/** A typed quote amount with no more decimals than the quote currency has, or the issue with it. */
function parseTotal(def: InstrumentDef, total: string): Decimal | DraftIssue {
  if (total.trim() === '') return 'totalMissing';
  let value: Decimal;
  try {
    value = dec(total.trim());
  } catch {
    return 'totalInvalid';
  }
  if (!value.isFinite() || value.lessThanOrEqualTo(0) || value.decimalPlaces() > def.quoteScale) return 'totalInvalid';
  return value;
}

/**
 * A market buy by total: the hold is the total itself; the quantity, fee and
 * notional are estimated as the lots that total buys at the last price.
 */
function evaluateSpend(draft: OrderDraft, market: DraftMarket, lastTicks: number): DraftEvaluation {
  const { def } = market;
  const total = parseTotal(def, draft.total);
  if (typeof total === 'string') return { preview: null, issue: total };
  const lots = lotsThatFit(def, 'buy', lastTicks, total);
  const estimate = lots > 0 && Number.isSafeInteger(lots) ? previewSpotOrder({ def, side: 'buy', type: 'market', priceTicks: lastTicks, lots }) : null;
  const hold: PreviewAmount = { currency: 'quote', asset: def.quote, amount: 0, amountDecimal: total.toFixed(def.quoteScale) };
  const preview: DraftPreview = {
    estimated: true,
    notional: estimate?.notionalDecimal ?? '0',
    fee: estimate?.feeDecimal ?? '0',
    hold: estimate ? { ...hold, amount: estimate.hold.amount } : hold,
    receive: estimate?.receive ?? { currency: 'base', asset: def.base, amount: 0, amountDecimal: '0' },
  };
  if (total.lessThan(def.minNotional)) return { preview, issue: 'belowMinNotional' };
  if (market.available !== undefined && total.greaterThan(market.available)) return { preview, issue: 'insufficientBalance' };
  return { preview, issue: null };
}

/** Price of a draft on the tick grid for the linked fields: its limit price, or the last price for a market order. */
function linkPrice(draft: Pick<OrderDraft, 'type' | 'price'>, lastPrice: string | undefined): Decimal | null {
  const text = draft.type === 'market' ? lastPrice : draft.price;
  if (text === undefined || text.trim() === '') return null;
  try {
    const price = dec(text.trim());
    return price.isFinite() && price.greaterThan(0) ? price : null;
  } catch {
    return null;
  }
}

/** The total that follows a typed amount: amount × price, to the quote's decimals; '' while either is unknown. */
export function totalForAmount(draft: Pick<OrderDraft, 'type' | 'price' | 'amount'>, def: InstrumentDef, lastPrice: string | undefined): string {
  const price = linkPrice(draft, lastPrice);
  if (price === null || draft.amount.trim() === '') return '';
  try {
    const amount = dec(draft.amount.trim());
    return amount.isFinite() ? price.times(amount).toDecimalPlaces(Math.min(def.quoteScale, deriveSpec(def).priceDecimals + 2)).toFixed() : '';
  } catch {
    return '';
  }
}

/** The amount that follows a typed total: the most lots the total pays for at the price (fees aside); '' while unknown. */
export function amountForTotal(draft: Pick<OrderDraft, 'type' | 'price' | 'total'>, def: InstrumentDef, lastPrice: string | undefined): string {
  const price = linkPrice(draft, lastPrice);
  if (price === null || draft.total.trim() === '') return '';
  try {
    const total = dec(draft.total.trim());
    if (!total.isFinite() || total.isNegative()) return '';
    const lots = roundQuantityToLots(def, total.dividedBy(price), 'down');
    return Number.isSafeInteger(lots) && lots > 0 ? lotsToQuantity(def, lots) : '';
  } catch {
    return '';
  }
}

/** Share of the market a limit price goes through it (a buy above the last price, a sell below), in percent; 0 when not through. */
export function throughMarketPercent(draft: Pick<OrderDraft, 'side' | 'type' | 'price'>, lastPrice: string | undefined): number {
  if (draft.type === 'market') return 0;
  const price = linkPrice(draft, undefined);
  const last = linkPrice({ type: 'market', price: '' }, lastPrice);
  if (price === null || last === null) return 0;
  const through = draft.side === 'buy' ? price.minus(last) : last.minus(price);
  return through.greaterThan(0) ? through.times(100).dividedBy(last).toDecimalPlaces(2).toNumber() : 0;
}

/** Past this, a limit price asks for confirmation: it is more likely a typo than a wish to pay that much. */
export const THROUGH_MARKET_WARNING_PERCENT = 5;

/** The price a buy of this draft is held at: its limit price, or for a market order the protection price around the last price. */
function holdPriceTicks(draft: Pick<OrderDraft, 'side' | 'type' | 'price'>, market: DraftMarket): number | null {
  const price = draft.type === 'market' ? referenceTicks(market.def, market.lastPrice) : limitPriceTicks(market.def, draft.price);
  if ('issue' in price) return null;
  return draft.type === 'market' ? marketProtectionPrice(market.def, draft.side, price.ticks) : price.ticks;
}

/** The most lots of a buy at `priceTicks` whose hold (notional + floor(notional × fee)) fits in `budget` quote. */
function lotsThatFit(def: InstrumentDef, side: Side, priceTicks: number, budget: Decimal): number {
  const spec = deriveSpec(def);
  const costPerLotMinor = dec(priceTicks)
    .times(spec.quotePerTickLot)
    .times(BPS_PER_UNIT + spec.takerFeeBps)
    .dividedBy(BPS_PER_UNIT);
  // Dividing by the unfloored fee never overshoots; the floored fee can leave room for exactly one more lot.
  const lots = budget.times(dec(10).pow(def.quoteScale)).dividedBy(costPerLotMinor).floor().toNumber();
  try {
    const oneMore = previewSpotOrder({ def, side, type: 'limit', priceTicks, lots: lots + 1 });
    return dec(oneMore.hold.amountDecimal).lessThanOrEqualTo(budget) ? lots + 1 : lots;
  } catch (error) {
    // Past the representable range one more lot cannot be ordered anyway.
    if (error instanceof SpotPreviewError) return lots;
    throw error;
  }
}

/**
 * The largest quantity on the lot grid whose hold fits in `percent` % of the
 * available balance; '' when nothing fits or the price is not known yet.
 */
export function amountForShare(draft: Pick<OrderDraft, 'side' | 'type' | 'price'>, market: DraftMarket, percent: number): string {
  const { def, available } = market;
  if (available === undefined || percent <= 0) return '';
  const budget = dec(available).times(percent).dividedBy(100);
  let lots: number;
  if (draft.side === 'sell') {
    lots = roundQuantityToLots(def, budget, 'down');
  } else {
    const priceTicks = holdPriceTicks(draft, market);
    if (priceTicks === null) return '';
    lots = lotsThatFit(def, draft.side, priceTicks, budget);
  }
  return Number.isSafeInteger(lots) && lots > 0 ? lotsToQuantity(def, lots) : '';
}

/** How much of the available balance the draft would hold, 0–100, for the share slider. */
export function shareOfAvailable(draft: OrderDraft, market: DraftMarket): number {
  const { available } = market;
  if (available === undefined || dec(available).isZero()) return 0;
  const { preview } = evaluateDraft(draft, { ...market, available: undefined });
  if (!preview) return 0;
  const share = dec(preview.hold.amountDecimal).times(100).dividedBy(available);
  return share.greaterThan(100) ? 100 : share.toDecimalPlaces(0).toNumber();
}
