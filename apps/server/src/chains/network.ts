import { type ChainId, isDerivedChain } from '@openbourse/core';
import type { Config, IndexedChain } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Catalog } from '../platform/catalog.ts';
import { type DepositKeys, loadDepositKeys } from './deposit-keys.ts';
import { EsploraWatcher } from './esplora.ts';
import { loadChainSettings, type ChainSettings } from './settings.ts';
import { SimulatedChainWatcher } from './simulated-chain.ts';
import type { ChainWatcher } from './watcher.ts';

/**
 * Whether a chain takes deposits to the user's own address (or tag) right
 * now: `on` needs both a key to derive addresses from and a watcher to see
 * transfers; `off` means the chain supports it but this server is not set up
 * for it (production without keys or indexer); `voucher` chains never do.
 */
export type AddressDeposits = 'on' | 'off' | 'voucher';

export interface ChainNetwork {
  settings: ChainSettings;
  keys: DepositKeys;
  watchers: ChainWatcher[];
  addressDeposits(chain: ChainId): AddressDeposits;
}

/** The coin an indexed chain carries natively. */
const NATIVE_SYMBOL: Record<IndexedChain, string> = { BTC: 'BTC', LTC: 'LTC' };

/** The simulated chain is polled often so confirmations show as they come. */
const SIMULATED_POLL_MS = 1_000;

function watcherFor(chain: ChainId, config: Config, catalog: Catalog, db: Db): ChainWatcher | undefined {
  const indexer = chain === 'BTC' || chain === 'LTC' ? config.chains.indexers[chain] : undefined;
  const native = chain === 'BTC' || chain === 'LTC' ? catalog.currencyBySymbol(NATIVE_SYMBOL[chain]) : undefined;
  if (indexer && native) return new EsploraWatcher(chain, indexer, native.id, config.chains.indexerPollMs);
  const blockMs = config.chains.simulatedBlockMs;
  return blockMs === null ? undefined : new SimulatedChainWatcher(db, chain, blockMs, Math.min(SIMULATED_POLL_MS, blockMs));
}

export function createChainNetwork(config: Config, catalog: Catalog, db: Db): ChainNetwork {
  const settings = loadChainSettings(config.seedDataDir, catalog);
  const keys = loadDepositKeys(config);
  const watched = new Set(settings.assets.filter((asset) => asset.route !== 'voucher').map((asset) => asset.chain));
  const watchers = [...watched].map((chain) => watcherFor(chain, config, catalog, db)).filter((watcher) => watcher !== undefined);
  return {
    settings,
    keys,
    watchers,
    addressDeposits(chain) {
      const route = settings.assets.find((asset) => asset.chain === chain)?.route ?? 'voucher';
      if (route === 'voucher') return 'voucher';
      const keyed = isDerivedChain(chain) ? keys.xpub(chain) !== undefined : keys.xrpAddress !== undefined;
      return keyed && watchers.some((watcher) => watcher.chain === chain) ? 'on' : 'off';
    },
  };
}
