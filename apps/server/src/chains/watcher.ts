import type { ChainId } from '@openbourse/core';

/** A transfer to a watched address as a chain source sees it now. */
export interface ObservedTransfer {
  txid: string;
  /** The output (UTXO chains) or log index (token transfers): with the txid, what makes a deposit unique. */
  outputIndex: number;
  address: string;
  /** XRP destination tag, when the transfer carried one. */
  tag: number | null;
  currencyId: number;
  /** Minor units of the currency. */
  amount: number;
  confirmations: number;
}

/**
 * A source of transfers on one chain: the simulated chain in demo mode, or
 * a real indexer. `scan` does its I/O before any database transaction; the
 * deposits feature records what it answers (idempotently, on txid and output).
 */
export interface ChainWatcher {
  readonly chain: ChainId;
  readonly source: 'simulated' | 'esplora';
  /** How often it is asked. */
  readonly pollMs: number;
  scan(addresses: readonly string[], now: number): Promise<ObservedTransfer[]>;
}
