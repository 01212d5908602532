import { type Decimal, dec } from '@openbourse/core';
import type { Catalog } from './catalog.ts';

/** The USDT value of one unit of a currency, used for equivalents shown to users (never for settlement). */
export interface PriceBook {
  usdtPrice(currencyId: number): Decimal;
}

/** Until a market feed is running, equivalents use the reference prices of data/currencies.json. */
export function referencePriceBook(catalog: Catalog): PriceBook {
  return {
    usdtPrice: (currencyId) => dec(catalog.currency(currencyId)?.referencePrice ?? 0),
  };
}
