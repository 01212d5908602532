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
  type SpotOrderType,
  SpotPreviewError,
} from '@openbourse/core';

/** What the order form holds, exactly as typed. */
export interface OrderDraft {
  side: Side;
  type: SpotOrderType;
  /** Limit price in quote; ignored for market orders. */
  price: string;
  /** Quantity in base. */
  amount: string;
}

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
  | 'priceMissing'
  | 'priceInvalid'
  | 'priceOffTick'
  | 'noMarketPrice'
  | 'amountMissing'
  | 'amountInvalid'
  | 'amountOffLot'
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
  const atPrice = previewSpotOrder({ def, side: draft.side, type: draft.type, priceTicks, lots });
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
  const price = draft.type === 'limit' ? limitPriceTicks(def, draft.price) : referenceTicks(def, market.lastPrice);
  if ('issue' in price) return { preview: null, issue: price.issue };
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

/** The price a buy of this draft is held at: its limit price, or for a market order the protection price around the last price. */
function holdPriceTicks(draft: Pick<OrderDraft, 'side' | 'type' | 'price'>, market: DraftMarket): number | null {
  const price = draft.type === 'limit' ? limitPriceTicks(market.def, draft.price) : referenceTicks(market.def, market.lastPrice);
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
