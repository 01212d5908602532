import type { Quote } from '../market/quotes.ts';
import { makeQuote } from '../test-utils.tsx';

export const btcQuote: Quote = makeQuote('BTC/USDT', {
  price: '100000.00',
  open_24h: '98000.00',
  change: '2000.00',
  change_percent: '2.04',
  high: '101000.00',
  low: '97000.00',
  volume: '1234.5678',
  turnover: '123456789.00',
  time: 1_700_000_000_000,
  name: 'Bitcoin',
  favourite: false,
});

export const aaplQuote: Quote = {
  ...btcQuote,
  symbol: 'AAPL/USDT',
  price: '231.50',
  currency_id: 101,
  base: 'AAPL',
  name: 'Apple Inc.',
  icon: '/static/coins/aapl.svg',
  kind: 'stock',
  market_open: false,
  next_open: Date.UTC(2026, 10, 23, 14, 30),
  lot_size: '0.01',
  min_notional: '1',
  base_scale: 4,
};
