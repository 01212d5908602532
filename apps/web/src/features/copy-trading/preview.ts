import { copyLots, copyNumberHundredths, dec, type FuturesPosition, type FuturesTerms, formatMinor, initialMargin, parseDecimal, tradeFee, unrealizedPnl } from '@openbourse/core';
import type { CopiedPosition, FollowType, Side, WireTerms } from './api.ts';

/** The core terms from the wire: the form previews with the functions the server holds and settles with. */
export function termsOf(wire: WireTerms): FuturesTerms {
  return {
    tickSize: wire.tick_size,
    lotSize: wire.lot_size,
    quoteScale: wire.quote_scale,
    spreadTicks: wire.spread_ticks,
    feeRate: wire.fee_rate,
    maintenanceMarginRatio: wire.maintenance_margin_ratio,
    overnightRate: wire.overnight_rate,
  };
}

/** A price in whole ticks, or null when it is not a positive multiple of the tick. */
export function priceTicks(terms: FuturesTerms, text: string | null | undefined): number | null {
  const value = parseDecimal(text?.trim() ?? '');
  if (!value?.greaterThan(0)) return null;
  const ticks = value.dividedBy(terms.tickSize);
  return ticks.isInteger() && ticks.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER) ? ticks.toNumber() : null;
}

export type NumberIssue = 'invalid' | 'wholeLots' | 'tooBig' | null;

/** What is wrong with the typed follow number, by core's check (the server refuses the same). */
export function numberIssue(type: FollowType, text: string): NumberIssue {
  const checked = copyNumberHundredths(type, text);
  if (checked.ok) return null;
  return checked.problem === 'fractional_lots' ? 'wholeLots' : checked.problem === 'too_big' ? 'tooBig' : 'invalid';
}

/** Lots of a copy of a position of `traderLots`, with core's sizing (null for a number the server would refuse). */
export function copiedLots(type: FollowType, text: string, traderLots: number): number | null {
  const checked = copyNumberHundredths(type, text);
  return checked.ok ? copyLots(type, checked.hundredths, traderLots) : null;
}

export interface CopyPreview {
  lots: number;
  margin: string;
  fee: string;
  /** Margin and fee together: what the lever account must hold for the copy to open. */
  totalMinor: number;
}

/** The margin and fee a copy of the trader's position would need, at the trader's opening price, with core's futures functions. */
export function previewCopy(terms: FuturesTerms, position: { lots: number; multiple: number; open_price: string }, type: FollowType, number: string): CopyPreview | null {
  const openTicks = priceTicks(terms, position.open_price);
  const lots = copiedLots(type, number, position.lots);
  if (openTicks === null || lots === null) return null;
  const marginMinor = initialMargin(terms, openTicks, lots, position.multiple);
  const feeMinor = tradeFee(terms, openTicks, lots);
  return { lots, margin: formatMinor(marginMinor, terms.quoteScale), fee: formatMinor(feeMinor, terms.quoteScale), totalMinor: marginMinor + feeMinor };
}

/** A copied position's P&L at the live feed price, as the futures pages compute it; the server's figure until a price is known. */
export function livePnl(position: CopiedPosition, feedPrice: string | undefined): string | null {
  const terms = termsOf(position.terms);
  const feed = priceTicks(terms, feedPrice);
  const open = priceTicks(terms, position.open_price);
  if (feed === null || open === null) return position.pnl;
  const marginMinor = Number(dec(position.margin).times(dec(10).pow(terms.quoteScale)).toFixed(0));
  const held: FuturesPosition = { side: position.side as Side, lots: position.lots, openPriceTicks: open, marginMinor };
  return formatMinor(unrealizedPnl(terms, held, feed), terms.quoteScale);
}
