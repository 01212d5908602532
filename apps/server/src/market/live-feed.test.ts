import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { ticksFromTickers, type UnifiedTicker } from './live-feed.ts';

interface Fixture {
  markets: Record<string, unknown>[];
  polls: Record<string, unknown>[][];
}

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'binance-24hr-tickers.json'), 'utf8')) as Fixture;

/** ccxt's own Binance parser on recorded raw responses: no network, the real adapter code path. */
function parsePoll(poll: Record<string, unknown>[]): UnifiedTicker[] {
  const exchange = new ccxt.binance();
  exchange.setMarkets(fixture.markets as never);
  return poll.map((raw) => exchange.parseTicker(raw as never) as UnifiedTicker);
}

describe('live feed through ccxt', () => {
  it('parses recorded Binance tickers into ticks: last price, and volume traded since the previous poll', () => {
    const volumes = new Map<string, number>();
    const first = ticksFromTickers(parsePoll(fixture.polls[0] ?? []), volumes, 0);
    expect(first).toEqual([
      { symbol: 'BTC/USDT', price: '96250.01', volume: '0', time: 1795386400000 },
      { symbol: 'ETH/USDT', price: '3420.15', volume: '0', time: 1795386400000 },
    ]);
    const second = ticksFromTickers(parsePoll(fixture.polls[1] ?? []), volumes, 0);
    expect(second[0]).toMatchObject({ symbol: 'BTC/USDT', price: '96260.31', time: 1795386402000 });
    expect(Number(second[0]?.volume)).toBeCloseTo(1.225, 6);
    // The rolling 24 h window dropped more than was traded: no negative volume.
    expect(second[1]).toMatchObject({ symbol: 'ETH/USDT', price: '3419.85', volume: '0' });
  });

  it('skips tickers without a usable last price', () => {
    expect(ticksFromTickers([{ symbol: 'BTC/USDT', last: undefined }, { symbol: 'ETH/USDT', last: 0 }], new Map(), 5)).toEqual([]);
  });
});
