import { randomBytes } from 'node:crypto';
import { CHAIN_IDS, type ChainId, canonicalAddress, isAmount, isChainId, toMinor } from '@openbourse/core';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { depositAddresses, deposits, simulatedChainTransfers } from '../db/schema.ts';
import type { Catalog } from '../platform/catalog.ts';
import type { ChainSettings } from './settings.ts';
import type { ChainWatcher, ObservedTransfer } from './watcher.ts';

/**
 * The demo chain. `pnpm ops chain send` broadcasts a transfer into
 * `simulated_chain_transfers`; it is in a block one block interval later and
 * gains one confirmation per interval after that, the way a deposit on a real
 * chain is seen: first unconfirmed, then confirming, then final.
 */

export interface SimulatedTransfer {
  chain: ChainId;
  address: string;
  tag: number | null;
  currencyId: number;
  amount: number;
}

/** A transaction id in the chain's usual shape: 0x-prefixed on Ethereum, 64 hex digits elsewhere. */
function simulatedTxid(chain: ChainId): string {
  const hex = randomBytes(32).toString('hex');
  return chain === 'ERC20' ? `0x${hex}` : chain === 'XRP' ? hex.toUpperCase() : hex;
}

export function broadcastSimulatedTransfer(db: Db, transfer: SimulatedTransfer, now: number): { txid: string } {
  const txid = simulatedTxid(transfer.chain);
  db.insert(simulatedChainTransfers).values({ ...transfer, txid, outputIndex: 0, broadcastAt: now }).run();
  return { txid };
}

export function simulatedConfirmations(broadcastAt: number, now: number, blockMs: number): number {
  return Math.max(0, Math.floor((now - broadcastAt) / blockMs));
}

export class SimulatedChainWatcher implements ChainWatcher {
  readonly source = 'simulated';

  constructor(
    private readonly db: Db,
    readonly chain: ChainId,
    private readonly blockMs: number,
    readonly pollMs: number,
  ) {}

  /** Every transfer on this chain whose deposit is not settled yet; recording ignores addresses it does not know. */
  async scan(_addresses: readonly string[], now: number): Promise<ObservedTransfer[]> {
    const rows = this.db
      .select({ transfer: simulatedChainTransfers })
      .from(simulatedChainTransfers)
      .leftJoin(
        deposits,
        and(
          eq(deposits.route, 'chain'),
          eq(deposits.chain, simulatedChainTransfers.chain),
          eq(deposits.txid, simulatedChainTransfers.txid),
          eq(deposits.outputIndex, simulatedChainTransfers.outputIndex),
        ),
      )
      .where(and(eq(simulatedChainTransfers.chain, this.chain), or(isNull(deposits.id), eq(deposits.status, 'confirming')), lte(simulatedChainTransfers.broadcastAt, now)))
      .all();
    return rows.map(({ transfer }) => ({
      txid: transfer.txid,
      outputIndex: transfer.outputIndex,
      address: transfer.address,
      tag: transfer.tag,
      currencyId: transfer.currencyId,
      amount: transfer.amount,
      confirmations: simulatedConfirmations(transfer.broadcastAt, now, this.blockMs),
    }));
  }
}

/** The coin a simulated transfer carries when none is named: the chain's own, USDT on TRON (TRX is not listed). */
const DEFAULT_SYMBOL: Partial<Record<ChainId, string>> = { BTC: 'BTC', ERC20: 'ETH', TRC20: 'USDT', LTC: 'LTC', BCH: 'BCH', DOGE: 'DOGE', XRP: 'XRP' };

export interface SendRequest {
  address: string;
  amount: string;
  /** Currency symbol; default: the chain's own coin. */
  currency?: string;
  /** Needed only for an address not assigned to any user (otherwise it is read from the address). */
  chain?: string;
  tag?: number;
}

export class SimulatedSendError extends Error {}

/**
 * `pnpm ops chain send`: broadcasts a transfer on the demo chain to an
 * address (with a tag for XRP). The chain is the one the address was
 * assigned on, or named; the amount is checked against the currency's scale.
 */
export function sendSimulatedDeposit(db: Db, settings: ChainSettings, catalog: Catalog, request: SendRequest, now: number) {
  const assigned = db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.address, request.address), request.tag === undefined ? undefined : eq(depositAddresses.tag, request.tag)))
    .get();
  const chain = (request.chain?.toUpperCase() ?? assigned?.chain ?? CHAIN_IDS.find((candidate) => canonicalAddress(candidate, request.address) === request.address)) as ChainId | undefined;
  if (!chain || !isChainId(chain)) throw new SimulatedSendError(`no chain has the address ${request.address}; name one with --chain`);
  if (canonicalAddress(chain, request.address) === null) throw new SimulatedSendError(`${request.address} is not a valid ${chain} address`);
  const symbol = request.currency?.toUpperCase() ?? DEFAULT_SYMBOL[chain];
  const currency = symbol ? catalog.currencyBySymbol(symbol) : undefined;
  const asset = currency && settings.asset(currency.id, chain);
  if (!currency || !asset || asset.route === 'voucher') throw new SimulatedSendError(`${symbol ?? 'that currency'} is not deposited on ${chain} by address`);
  if (asset.memo && request.tag === undefined) throw new SimulatedSendError(`${chain} deposits need the user's destination tag (--tag)`);
  if (!isAmount(request.amount)) throw new SimulatedSendError(`${request.amount} is not a positive amount`);
  let amount: number;
  try {
    amount = toMinor(request.amount, currency.scale);
  } catch {
    throw new SimulatedSendError(`${currency.symbol} has at most ${currency.scale} decimals`);
  }
  const { txid } = broadcastSimulatedTransfer(db, { chain, address: request.address, tag: asset.memo ? (request.tag ?? null) : null, currencyId: currency.id, amount }, now);
  return { txid, chain, currency: currency.symbol, amount: request.amount, confirmations: asset.confirmations, userId: assigned?.userId ?? null };
}
