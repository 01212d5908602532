import { dailyRateFromSeed, verifyCommitment } from '@openbourse/core';
import type { LockDay } from './api.ts';

export type DayProof = 'verified' | 'mismatch' | 'pending';

/**
 * Checks a paid day in the browser with the same core functions the server
 * used: the revealed seed hashes to the commitment published before the day,
 * and draws exactly the rate that was paid. Until the seed is revealed
 * there is only the commitment to show.
 */
export function proveDay(day: LockDay): DayProof {
  if (day.seed === null || day.commitment === null || day.rate_millionths === null || day.range_min_millionths === null || day.range_max_millionths === null) return 'pending';
  if (!verifyCommitment(day.seed, day.commitment)) return 'mismatch';
  // A day committed late pays the top of its range (see the server's rateFor); its seed still matches its commitment.
  const expected = day.late ? day.range_max_millionths : dailyRateFromSeed(day.seed, day.range_min_millionths, day.range_max_millionths);
  return expected === day.rate_millionths ? 'verified' : 'mismatch';
}
