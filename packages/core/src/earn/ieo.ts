import { Decimal, dec } from '../decimal.ts';
import { assertSafeMinor, type MinorUnits } from '../money.ts';

/**
 * IEO allocation at the end of a subscription. Each subscriber committed an
 * amount of tokens; when the total committed exceeds the issuance, everyone
 * gets committed / total committed × issuance. Nobody gets more than the
 * per-user maximum or than they committed: what a capped subscriber would
 * have got above the cap is shared among the others, pro rata again, until
 * no share exceeds its cap ("water-filling").
 *
 * Rounding: each allocation is rounded down to a whole minor unit of the
 * token, toward the platform by less than one unit; the few units left over
 * stay unsold. The payment for an allocation is rounded up (see ieoCost).
 */

export interface IeoCommitment<K> {
  key: K;
  committed: MinorUnits;
}

export interface IeoAllocation<K> {
  key: K;
  committed: MinorUnits;
  /** The most this subscriber can receive: min(committed, per-user maximum). */
  cap: MinorUnits;
  allocated: MinorUnits;
  /** Whether the per-user maximum, rather than the pro-rata share or the commitment, decided the allocation. */
  capped: boolean;
}

export interface IeoAllocationResult<K> {
  totalCommitted: MinorUnits;
  oversubscribed: boolean;
  allocations: IeoAllocation<K>[];
  /** Tokens nobody received: the issuance minus everything allocated. */
  unallocated: MinorUnits;
  /**
   * When some shares were held at a cap (the per-user maximum or the amount
   * committed) in an oversubscribed sale: what was left for the others and
   * their commitments, so each of their allocations reads pool × committed ÷
   * uncappedCommitted (rounded down). Null when plain pro rata decided everything.
   */
  redistribution: { pool: MinorUnits; uncappedCommitted: MinorUnits } | null;
}

export function allocateIeo<K>(totalIssuance: MinorUnits, perUserMax: MinorUnits, commitments: readonly IeoCommitment<K>[]): IeoAllocationResult<K> {
  assertSafeMinor(totalIssuance);
  assertSafeMinor(perUserMax);
  const rows = commitments.map((entry) => ({ key: entry.key, committed: assertSafeMinor(entry.committed), cap: Math.min(entry.committed, perUserMax), allocated: 0n, capped: false, fixed: false }));
  const totalCommitted = rows.reduce((sum, row) => sum + BigInt(row.committed), 0n);
  let remaining = BigInt(totalIssuance);

  // Fix everyone whose share would exceed their cap at the cap, then share the rest among the others; repeat until stable.
  for (;;) {
    const open = rows.filter((row) => !row.fixed);
    const weight = open.reduce((sum, row) => sum + BigInt(row.committed), 0n);
    if (open.length === 0 || weight === 0n) break;
    const overCap = open.filter((row) => remaining * BigInt(row.committed) > BigInt(row.cap) * weight);
    if (overCap.length === 0) {
      for (const row of open) row.allocated = (remaining * BigInt(row.committed)) / weight;
      break;
    }
    for (const row of overCap) {
      row.fixed = true;
      // Capped means the per-user maximum decided; a share limited only by what was committed is not.
      row.capped = row.cap < row.committed;
      row.allocated = BigInt(row.cap);
      remaining -= BigInt(row.cap);
    }
  }

  const allocations = rows.map((row) => ({ key: row.key, committed: row.committed, cap: row.cap, allocated: Number(row.allocated), capped: row.capped }));
  const allocatedTotal = allocations.reduce((sum, row) => sum + row.allocated, 0);
  const oversubscribed = totalCommitted > BigInt(totalIssuance);
  const open = rows.filter((row) => !row.fixed);
  const redistributed = oversubscribed && open.length > 0 && open.length < rows.length;
  return {
    totalCommitted: assertSafeMinor(Number(totalCommitted)),
    oversubscribed,
    allocations,
    unallocated: totalIssuance - allocatedTotal,
    redistribution: redistributed ? { pool: Number(remaining), uncappedCommitted: open.reduce((sum, row) => sum + row.committed, 0) } : null,
  };
}

/**
 * One subscriber's pro-rata share before caps, as the allocation computes it:
 * committed / total committed × issuance rounded down when oversubscribed,
 * else what was committed. In BigInt, as committed × issuance passes 2^53
 * for a large issuance.
 */
export function proRataShare(committed: MinorUnits, totalCommitted: MinorUnits, totalIssuance: MinorUnits): MinorUnits {
  if (totalCommitted <= totalIssuance) return committed;
  return assertSafeMinor(Number((BigInt(assertSafeMinor(committed)) * BigInt(assertSafeMinor(totalIssuance))) / BigInt(assertSafeMinor(totalCommitted))));
}

/**
 * What `tokens` (minor units of a token of `tokenScale`) cost at `price` (pay
 * currency per whole token), in minor units of the pay currency: rounded up,
 * toward the platform by less than one unit. The amount held at subscription
 * is the cost of the commitment; the amount paid, the cost of the allocation,
 * which is never more.
 */
export function ieoCost(tokens: MinorUnits, tokenScale: number, price: string, payScale: number): MinorUnits {
  const cost = dec(tokens).dividedBy(Decimal.pow(10, tokenScale)).times(dec(price)).times(Decimal.pow(10, payScale));
  const rounded = cost.toDecimalPlaces(0, Decimal.ROUND_UP);
  if (rounded.greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError('cost beyond the representable range');
  return rounded.toNumber();
}

export type IeoStatus = 'warmup' | 'in_progress' | 'finished';

/** Warm-up before the subscription opens, in progress while it runs, finished from its end. */
export function ieoStatus(now: number, subscribeStart: number, subscribeEnd: number): IeoStatus {
  if (now < subscribeStart) return 'warmup';
  return now < subscribeEnd ? 'in_progress' : 'finished';
}
