import { describe, expect, it } from 'vitest';
import { DuplicateInstrumentError, MatchingEngine } from './engine.ts';
import type { InstrumentSpec } from './types.ts';

const spec = (symbol: string): InstrumentSpec => ({
  symbol,
  quotePerTickLot: 1,
  minNotional: 0,
  makerFeeBps: 0,
  takerFeeBps: 0,
});

describe('MatchingEngine', () => {
  it('keeps one independent book per instrument', () => {
    const engine = new MatchingEngine();
    const btc = engine.addInstrument(spec('BTC/USD'));
    const eth = engine.addInstrument(spec('ETH/USD'));
    btc.submit({ type: 'limit', id: 1, ownerId: 1, side: 'sell', priceTicks: 100, qtyLots: 1 });
    // Same id in another book is fine, and does not see BTC's liquidity.
    const result = eth.submit({ type: 'limit', id: 1, ownerId: 2, side: 'buy', priceTicks: 100, qtyLots: 1 });
    expect(result.status).toBe('resting');
    expect(engine.book('BTC/USD')).toBe(btc);
    expect(engine.book('XRP/USD')).toBeUndefined();
    expect(engine.symbols()).toEqual(['BTC/USD', 'ETH/USD']);
  });

  it('refuses a second book for the same symbol', () => {
    const engine = new MatchingEngine();
    engine.addInstrument(spec('BTC/USD'));
    expect(() => engine.addInstrument(spec('BTC/USD'))).toThrow(DuplicateInstrumentError);
  });
});
