export const BPS_PER_UNIT = 10_000;
export const MAX_FEE_BPS = BPS_PER_UNIT;

/**
 * floor(notional × bps / 10000), exact for any safe-integer notional and
 * 0 ≤ bps ≤ 10000, in plain numbers (BigInt would allocate on every fill).
 *
 * Why it is exact:
 * - floor(n / 10000) is exact for any integer n ≤ 2^53: a non-integer quotient
 *   sits at least 1/10000 from the next integer, while the division's rounding
 *   error is at most half an ulp of a value below 2^40, i.e. 2^-14 ≈ 6e-5.
 * - Fast path: if notional × bps ≤ 2^53 - 1 the product itself is exact.
 * - Otherwise (already at a 9e13 notional and 100 bps) split
 *   notional = whole × 10000 + rest: rest = notional % 10000 is exact,
 *   whole = (notional - rest) / 10000 is an exact integer division,
 *   whole × bps ≤ notional stays safe, rest × bps < 10^8 is exact, and since
 *   whole × bps is an integer, floor(notional × bps / 10000) =
 *   whole × bps + floor(rest × bps / 10000).
 */
export function feeFromBps(notional: number, bps: number): number {
  const product = notional * bps;
  // A product past 2^53 - 1 may have been rounded, but never to a value at or below it.
  if (product <= Number.MAX_SAFE_INTEGER) return Math.floor(product / BPS_PER_UNIT);
  const rest = notional % BPS_PER_UNIT;
  const whole = (notional - rest) / BPS_PER_UNIT;
  return whole * bps + Math.floor((rest * bps) / BPS_PER_UNIT);
}
