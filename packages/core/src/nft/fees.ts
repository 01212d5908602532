import { MILLIONTHS } from '../earn/rates.ts';
import { assertSafeMinor, type MinorUnits } from '../money.ts';

/**
 * How a sale's price is split (issue 14 §4): the platform fee, the
 * creator's royalty (a rate per collection, only on resales) and what the
 * seller receives. Rates are whole millionths. Rounding goes toward the
 * platform by less than one minor unit: the fee is rounded up, the royalty
 * down, and the seller receives the rest, so the three always add up to the
 * price exactly.
 */

export interface SaleSplit {
  fee: MinorUnits;
  royalty: MinorUnits;
  seller: MinorUnits;
}

function share(price: MinorUnits, rateMillionths: number, round: 'up' | 'down'): MinorUnits {
  if (!Number.isSafeInteger(rateMillionths) || rateMillionths < 0 || rateMillionths > MILLIONTHS) throw new RangeError('a rate is whole millionths between 0 and 1,000,000');
  const product = BigInt(assertSafeMinor(price)) * BigInt(rateMillionths);
  const divisor = BigInt(MILLIONTHS);
  const quotient = product / divisor;
  return Number(round === 'up' && product % divisor !== 0n ? quotient + 1n : quotient);
}

export function saleSplit(price: MinorUnits, feeMillionths: number, royaltyMillionths: number, resale: boolean): SaleSplit {
  if (price < 0) throw new RangeError('a price is never negative');
  const fee = share(price, feeMillionths, 'up');
  const royalty = resale ? Math.min(price - fee, share(price, royaltyMillionths, 'down')) : 0;
  return { fee, royalty, seller: price - fee - royalty };
}
