import { shuffleWithSeed, verifyCommitment } from '../fairness/commitment.ts';

/**
 * Blind boxes (issue 14 §3). A series holds a fixed list of artworks. Before
 * the sale opens the platform draws a seed, shuffles the list with it and
 * publishes `commitmentOf(seed)`: box number k (in order of purchase) holds
 * the k-th artwork of that hidden order. Once the series sells out or ends
 * the seed is revealed, and anyone can recompute the order and check every
 * box that was opened.
 */

export const BLIND_BOX_LABEL = 'nft.blind-box.order';

/** The series' hidden order: artwork ids in box order, from the seed and the published list (sorted by id first, so the list's order on the page does not matter). */
export function blindBoxOrder(seed: string, artworkIds: readonly number[]): number[] {
  return shuffleWithSeed(seed, BLIND_BOX_LABEL, [...artworkIds].sort((a, b) => a - b));
}

/** The artwork in box `boxNumber` (1-based). */
export function blindBoxContent(seed: string, artworkIds: readonly number[], boxNumber: number): number {
  const order = blindBoxOrder(seed, artworkIds);
  if (!Number.isSafeInteger(boxNumber) || boxNumber < 1 || boxNumber > order.length) throw new RangeError('no such box in the series');
  return order[boxNumber - 1] as number;
}

export interface BlindBoxSeries {
  commitment: string;
  artworkIds: readonly number[];
}

export interface OpenedBox {
  boxNumber: number;
  artworkId: number;
}

export type BlindBoxVerdict = { valid: true } | { valid: false; reason: 'commitment_mismatch' | 'box_mismatch'; boxNumber?: number };

/** Checks a revealed seed against the published commitment and every opened box against the order it gives. */
export function verifyBlindBoxes(series: BlindBoxSeries, seed: string, opened: readonly OpenedBox[]): BlindBoxVerdict {
  if (!verifyCommitment(seed, series.commitment)) return { valid: false, reason: 'commitment_mismatch' };
  const order = blindBoxOrder(seed, series.artworkIds);
  for (const box of opened) {
    if (order[box.boxNumber - 1] !== box.artworkId) return { valid: false, reason: 'box_mismatch', boxNumber: box.boxNumber };
  }
  return { valid: true };
}

export interface RarityOdds {
  rarity: string;
  count: number;
  /** Share of the series, in whole millionths (rounded down; the shares of a series add up to at most 1,000,000). */
  oddsMillionths: number;
}

/** The published odds: how many boxes of the series hold each rarity. */
export function rarityOdds(rarities: readonly string[]): RarityOdds[] {
  const counts = new Map<string, number>();
  for (const rarity of rarities) counts.set(rarity, (counts.get(rarity) ?? 0) + 1);
  return [...counts].map(([rarity, count]) => ({ rarity, count, oddsMillionths: Math.floor((count * 1_000_000) / rarities.length) }));
}

