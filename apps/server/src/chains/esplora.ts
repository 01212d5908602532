import type { ChainId } from '@openbourse/core';
import { z } from 'zod';
import type { ChainWatcher, ObservedTransfer } from './watcher.ts';

/**
 * Deposits seen through an Esplora HTTP API (Blockstream's, mempool.space's
 * or litecoinspace.org's, or a self-hosted one): for each watched address,
 * its transactions (up to 50 unconfirmed and the 25 newest confirmed), the
 * outputs paying that address, and confirmations from the tip height.
 * Amounts arrive in satoshis (litoshis), the currency's minor unit.
 */

const esploraTransaction = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vout: z.array(z.object({ scriptpubkey_address: z.string().optional(), value: z.number().int().nonnegative() })),
  status: z.object({ confirmed: z.boolean(), block_height: z.number().int().nonnegative().optional() }),
});
const addressTransactions = z.array(esploraTransaction);

export type Fetcher = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

const REQUEST_TIMEOUT_MS = 15_000;

export class EsploraWatcher implements ChainWatcher {
  readonly source = 'esplora';

  constructor(
    readonly chain: ChainId,
    private readonly baseUrl: string,
    private readonly currencyId: number,
    readonly pollMs: number,
    private readonly fetcher: Fetcher = fetch,
  ) {}

  private async get(path: string): Promise<string> {
    const response = await this.fetcher(`${this.baseUrl}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`esplora ${this.chain} ${path}: HTTP ${response.status}`);
    return response.text();
  }

  async scan(addresses: readonly string[]): Promise<ObservedTransfer[]> {
    if (addresses.length === 0) return [];
    const tip = Number((await this.get('/blocks/tip/height')).trim());
    if (!Number.isSafeInteger(tip) || tip <= 0) throw new Error(`esplora ${this.chain}: tip height is not a number`);
    const observed: ObservedTransfer[] = [];
    // One address at a time: public indexers rate-limit bursts, and a deposit minutes late is fine.
    for (const address of addresses) {
      const transactions = addressTransactions.parse(JSON.parse(await this.get(`/address/${encodeURIComponent(address)}/txs`)));
      observed.push(...transfersTo(address, transactions, tip, this.currencyId));
    }
    return observed;
  }
}

/** The outputs of these transactions that pay `address`, each with its confirmations at `tip`. */
export function transfersTo(address: string, transactions: z.infer<typeof addressTransactions>, tip: number, currencyId: number): ObservedTransfer[] {
  const transfers: ObservedTransfer[] = [];
  for (const transaction of transactions) {
    const height = transaction.status.confirmed ? transaction.status.block_height : undefined;
    const confirmations = height === undefined ? 0 : Math.max(0, tip - height + 1);
    transaction.vout.forEach((output, outputIndex) => {
      if (output.scriptpubkey_address !== address || output.value === 0) return;
      transfers.push({ txid: transaction.txid, outputIndex, address, tag: null, currencyId, amount: output.value, confirmations });
    });
  }
  return transfers;
}
