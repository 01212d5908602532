/** How a follower sizes copies (spec 9): 1 a multiple of the trader's lots, 2 a fixed number of lots. */
export type CopyType = 1 | 2;

export type CopyNumberProblem = 'not_positive' | 'fractional_lots' | 'too_big' | 'invalid';

/** The largest number a follower may enter: 1000 × the trader's lots, or 1000 lots. */
export const MAX_COPY_NUMBER = 1000;

/**
 * Checks a follow's number and answers it in hundredths (fixed multiple:
 * spec 9 rounds the ratio to two decimals, half up) or whole lots ×100
 * (fixed lots: a fraction is refused, never rounded).
 */
export function copyNumberHundredths(type: CopyType, number: string): { ok: true; hundredths: number } | { ok: false; problem: CopyNumberProblem } {
  const text = number.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, problem: 'invalid' };
  if (text.startsWith('-')) return { ok: false, problem: 'not_positive' };
  const [whole, fraction = ''] = text.split('.');
  if (type === 2 && /[1-9]/.test(fraction)) return { ok: false, problem: 'fractional_lots' };
  const wholePart = Number(whole);
  if (wholePart > MAX_COPY_NUMBER) return { ok: false, problem: 'too_big' };
  const cents = Number(fraction.padEnd(3, '0').slice(0, 3));
  const hundredths = wholePart * 100 + Math.floor(cents / 10) + (cents % 10 >= 5 ? 1 : 0);
  if (hundredths <= 0) return { ok: false, problem: 'not_positive' };
  if (hundredths > MAX_COPY_NUMBER * 100) return { ok: false, problem: 'too_big' };
  return { ok: true, hundredths };
}

/**
 * The lots of one copied position: fixed multiple = number × the trader's
 * lots rounded down to whole lots (futures lots are whole, and rounding down
 * never puts more at risk than the follower chose); fixed lots = the number.
 */
export function copyLots(type: CopyType, numberHundredths: number, traderLots: number): number {
  if (!Number.isSafeInteger(numberHundredths) || numberHundredths <= 0) throw new RangeError('copy number must be a positive number of hundredths');
  if (!Number.isSafeInteger(traderLots) || traderLots <= 0) throw new RangeError('trader lots must be a positive whole number');
  if (type === 2) return Math.floor(numberHundredths / 100);
  return Math.floor((numberHundredths * traderLots) / 100);
}

/** An instrument's lot limits as they bear on one follower's copy. */
export interface CopyLotLimits {
  minLots: number;
  maxLotsPerOrder: number;
  maxLotsPerUser: number;
  /** Lots the follower already holds on the instrument. */
  openLots: number;
}

/**
 * A copy sized within the instrument's lot limits: more than one order may
 * carry, or than the follower's room under the per-user maximum, is cut down
 * to what fits (the follower still follows the trade, at the most allowed);
 * 0 when not even the minimum fits (the copy is skipped with the reason).
 */
export function fitCopyLots(wanted: number, limits: CopyLotLimits): { lots: number; reduced: boolean } {
  const room = Math.min(limits.maxLotsPerOrder, limits.maxLotsPerUser - limits.openLots);
  const lots = Math.min(wanted, room);
  if (lots < limits.minLots) return { lots: 0, reduced: false };
  return { lots, reduced: lots < wanted };
}

/** The number as shown: two decimals for a multiple, whole lots for fixed lots. */
export function copyNumberText(type: CopyType, numberHundredths: number): string {
  if (type === 2) return String(Math.floor(numberHundredths / 100));
  return `${Math.floor(numberHundredths / 100)}.${String(numberHundredths % 100).padStart(2, '0')}`;
}

/** Share rates are whole basis points (0.10 = 1000). */
export function shareRateText(bps: number): string {
  return `${Math.floor(bps / 10_000)}.${String(bps % 10_000).padStart(4, '0').slice(0, 2)}`;
}

/**
 * The trader's profit share of one closed copied position: rate × profit,
 * rounded down (the follower never pays more than the rate); a loss or zero
 * profit carries none.
 */
export function copyProfitShare(profitMinor: number, shareBps: number): number {
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new RangeError('share rate must be 0..10000 bps');
  if (!Number.isSafeInteger(profitMinor) || profitMinor <= 0) return 0;
  return Number((BigInt(profitMinor) * BigInt(shareBps)) / 10_000n);
}

/** Accuracy in ten-thousandths (0.6250 = 6250): profitable closed / closed, rounded down; 0 without closed positions. */
export function accuracyBps(profitable: number, closed: number): number {
  if (closed <= 0) return 0;
  return Math.floor((profitable * 10_000) / closed);
}
