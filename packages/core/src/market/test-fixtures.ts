import type { InstrumentDef } from './instrument.ts';

/** BTC/USDT as the platform defines it (data/instruments.json): tick 0.01, lot 0.0001, minimum 5 USDT, 0.1 % fees. For tests. */
export const BTC_USDT: InstrumentDef = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  kind: 'crypto',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '5',
  makerFeeBps: 10,
  takerFeeBps: 10,
  baseScale: 8,
  quoteScale: 6,
};
