import type { Decimal } from '@openbourse/core';

/** The USDT value of one unit of a currency, used for equivalents shown to users (never for settlement). */
export interface PriceBook {
  usdtPrice(currencyId: number): Decimal;
}
