import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EsploraWatcher, type Fetcher } from './esplora.ts';

const WATCHED = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'esplora', name), 'utf8');

/** Serves the recorded responses by path: no network in tests. */
function recordedIndexer(requests: string[]): Fetcher {
  const routes: Record<string, string> = {
    '/blocks/tip/height': fixture('blocks-tip-height.txt'),
    [`/address/${WATCHED}/txs`]: fixture('address-txs.json'),
    '/address/bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3/txs': '[]',
  };
  return async (url) => {
    const path = url.replace('https://esplora.test/api', '');
    requests.push(path);
    const body = routes[path];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, text: async () => body ?? 'not found' };
  };
}

describe('Esplora watcher on recorded responses', () => {
  it('sees the outputs paying a watched address, with confirmations from the tip height', async () => {
    const requests: string[] = [];
    const watcher = new EsploraWatcher('BTC', 'https://esplora.test/api', 1, 60_000, recordedIndexer(requests));
    const observed = await watcher.scan([WATCHED, 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3']);
    expect(observed).toEqual([
      { txid: '9f3c1a4e2b7d6c5a8e0f1d2c3b4a59687766554433221100ffeeddccbbaa9988', outputIndex: 1, address: WATCHED, tag: null, currencyId: 1, amount: 50_000, confirmations: 3 },
      { txid: '1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff001', outputIndex: 0, address: WATCHED, tag: null, currencyId: 1, amount: 2_000_000, confirmations: 0 },
    ]);
    expect(requests).toEqual(['/blocks/tip/height', `/address/${WATCHED}/txs`, '/address/bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3/txs']);
  });

  it('asks nothing when no address is watched, and fails loudly on an indexer error', async () => {
    const requests: string[] = [];
    const watcher = new EsploraWatcher('BTC', 'https://esplora.test/api', 1, 60_000, recordedIndexer(requests));
    expect(await watcher.scan([])).toEqual([]);
    expect(requests).toEqual([]);
    await expect(watcher.scan(['bc1qunknown'])).rejects.toThrow('HTTP 404');
  });
});
