import { baseMinorToDecimal, dec, lotsToQuantity, quoteMinorToDecimal, ticksToPrice } from '@openbourse/core';
import type { OrderRow } from './exchange.ts';
import type { Instrument } from '../market/instruments.ts';

/** Spec wording: type 1 buys, 2 sells; status 1 in progress, 2 complete. */
export const SIDE_CODES = { buy: 1, sell: 2 } as const;

/** What the filled part of an order cost per unit, to the instrument's price decimals; the order must have filled something. */
export function averagePrice(order: OrderRow, instrument: Instrument): string {
  const { def } = instrument;
  return dec(quoteMinorToDecimal(def, order.filledQuote)).dividedBy(lotsToQuantity(def, order.filledLots)).toFixed(instrument.spec.priceDecimals);
}

export function presentOrder(order: OrderRow, instrument: Instrument) {
  const { def } = instrument;
  return {
    id: order.id,
    symbol: order.symbol,
    currency_id: instrument.base.id,
    legal_id: instrument.quote.id,
    account_type: order.accountTypeId,
    type: SIDE_CODES[order.side],
    side: order.side,
    order_type: order.type,
    time_in_force: order.timeInForce,
    price: ticksToPrice(def, order.priceTicks),
    amount: lotsToQuantity(def, order.qtyLots),
    filled_amount: lotsToQuantity(def, order.filledLots),
    remaining_amount: lotsToQuantity(def, order.qtyLots - order.filledLots),
    average_price: order.filledLots > 0 ? averagePrice(order, instrument) : null,
    turnover: quoteMinorToDecimal(def, order.filledQuote),
    fee: quoteMinorToDecimal(def, order.fee),
    fee_currency: instrument.quote.symbol,
    held: order.holdCurrencyId === instrument.base.id ? baseMinorToDecimal(def, order.holdRemaining) : quoteMinorToDecimal(def, order.holdRemaining),
    held_currency: order.holdCurrencyId === instrument.base.id ? instrument.base.symbol : instrument.quote.symbol,
    status: order.status,
    status_code: order.status === 'open' ? 1 : 2,
    cancel_reason: order.cancelReason,
    reference_tick_id: order.referenceTickId,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}
