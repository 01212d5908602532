import { dec, type InstrumentDef, priceToTicks, quantityToLots } from '@openbourse/core';

/** A take-profit / stop-loss pair on holdings, as typed. */
export interface TpslDraft {
  amount: string;
  takeProfit: string;
  stopLoss: string;
}

export type TpslIssue = 'amountMissing' | 'amountInvalid' | 'needOne' | 'priceInvalid' | 'takeProfitBelow' | 'stopLossAbove' | 'insufficient';

const onTick = (def: InstrumentDef, price: string) => price.trim() === '' || priceToTicks(def, price.trim()).ok;

/**
 * What is wrong with a sell-side TP/SL before it is sent, as the server checks
 * it: an amount on the lot grid within the holdings, at least one price, the
 * take-profit above the last price and the stop-loss below it.
 */
export function tpslIssue(draft: TpslDraft, def: InstrumentDef, lastPrice: string, available: string | undefined): TpslIssue | null {
  if (draft.amount.trim() === '') return 'amountMissing';
  if (!quantityToLots(def, draft.amount.trim()).ok) return 'amountInvalid';
  if (draft.takeProfit.trim() === '' && draft.stopLoss.trim() === '') return 'needOne';
  if (!onTick(def, draft.takeProfit) || !onTick(def, draft.stopLoss)) return 'priceInvalid';
  if (draft.takeProfit.trim() !== '' && dec(draft.takeProfit.trim()).lessThanOrEqualTo(lastPrice)) return 'takeProfitBelow';
  if (draft.stopLoss.trim() !== '' && dec(draft.stopLoss.trim()).greaterThanOrEqualTo(lastPrice)) return 'stopLossAbove';
  if (available !== undefined && dec(draft.amount.trim()).greaterThan(available)) return 'insufficient';
  return null;
}
