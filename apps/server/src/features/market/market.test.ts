import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, login, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let demo: string;

interface Quote {
  symbol: string;
  price: string;
  change_percent: string;
  high: string;
  low: string;
  volume: string;
  kind: string;
  favourite?: boolean;
  currency_id: number;
}

beforeAll(async () => {
  server = await startServer({ MARKET_HISTORY_DAYS: '1' });
  demo = await login(server, DEMO.email, DEMO.password);
  await pushTicks(server, 'ETH/USDT', [{ price: '3420.15', volume: '2' }]);
});

describe('quotes and candles', () => {
  it('lists every instrument with last price, 24 h change, high, low and volume', async () => {
    const quotes = (await server.get<Quote[]>('/currency/quotation_new')).message;
    expect(quotes.map((quote) => quote.symbol)).toEqual(expect.arrayContaining(['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'BCH/USDT', 'AAPL/USDT', 'TSLA/USDT', 'NVDA/USDT', 'MSFT/USDT', 'AMZN/USDT', 'GOOGL/USDT', 'META/USDT']));
    expect(quotes.filter((quote) => quote.kind === 'crypto').length).toBeGreaterThanOrEqual(9);
    const eth = quotes.find((quote) => quote.symbol === 'ETH/USDT') as Quote;
    expect(eth.price).toBe('3420.15');
    expect(Number(eth.high)).toBeGreaterThanOrEqual(Number(eth.low));
    expect(Number(eth.volume)).toBeGreaterThan(0);
    expect(eth.change_percent).toMatch(/^-?\d+\.\d{2}$/);
    const stocks = (await server.get<Quote[]>('/currency/quotation_new', { kind: 'stock' })).message;
    expect(stocks.every((quote) => quote.kind === 'stock')).toBe(true);
    const currencies = (await server.get<{ id: number; symbol: string; kind: string }[]>('/currency/list')).message;
    expect(currencies.find((currency) => currency.symbol === 'AAPL')).toMatchObject({ id: 101, kind: 'stock' });
  });

  it('quotes a closed stock market at its last close, with when it opens next', async () => {
    // Sunday 22 November 2026, 22:00 UTC: the NYSE closed on Friday, more than 24 hours ago, so no tick and no 1-minute candle is recent.
    const sunday = await startServer({ MARKET_HISTORY_DAYS: '4' }, { startAt: Date.UTC(2026, 10, 22, 22, 0) });
    const apple = (await sunday.get<(Quote & { market_open: boolean; next_open: number | null })[]>('/currency/quotation_new', { kind: 'stock' })).message.find(
      (quote) => quote.symbol === 'AAPL/USDT',
    );
    const lastCandle = (await sunday.get<{ close: string }[]>('/currency/new_timeshar', { symbol: 'AAPL/USDT', period: '1min' })).message.at(-1);
    expect(Number(apple?.price)).toBeGreaterThan(0);
    expect(apple?.price).toBe(lastCandle?.close);
    expect(apple).toMatchObject({ market_open: false, next_open: Date.UTC(2026, 10, 23, 14, 30) });
    const bitcoin = (await sunday.get<{ market_open: boolean; next_open: number | null }[]>('/currency/quotation_new', { kind: 'crypto' })).message[0];
    expect(bitcoin).toMatchObject({ market_open: true, next_open: null });
    await sunday.close();
  });

  it('answers back-filled candles oldest first for every period', async () => {
    for (const period of ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon']) {
      const candles = (await server.get<{ time: number; open: string; high: string; low: string; close: string }[]>('/currency/new_timeshar', { symbol: 'BTC/USDT', period })).message;
      expect(candles.length, period).toBeGreaterThan(0);
      const times = candles.map((candle) => candle.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const candle of candles) expect(Number(candle.high)).toBeGreaterThanOrEqual(Math.max(Number(candle.open), Number(candle.close), Number(candle.low)));
    }
    const now = Math.floor(Date.now() / 1000);
    const window = (await server.get<{ time: number }[]>('/currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: now - 3600, to: now })).message;
    expect(window.length).toBeGreaterThan(50);
    expect(window.every((candle) => candle.time >= now - 3600 && candle.time <= now)).toBe(true);
  });

  it('refuses unknown symbols and periods with a clear message', async () => {
    expect(await server.get('/currency/new_timeshar', { symbol: 'NOPE/USDT', period: '1min', lang: 'en' })).toEqual({ type: 'error', message: 'Trading pair not found' });
    expect(await server.get('/currency/new_timeshar', { symbol: 'BTC/USDT', period: '2min', lang: 'en' })).toEqual({ type: 'error', message: 'period is not valid' });
    expect(await server.get('/currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from: 'yesterday', lang: 'en' })).toEqual({ type: 'error', message: 'start time is not valid' });
  });

  it('answers the order book depth and recent trades', async () => {
    const depth = (await server.get<{ bids: [string, string][]; asks: [string, string][] }>('/currency/depth', { symbol: 'ETH/USDT', levels: 5 })).message;
    expect(depth.bids.length).toBe(5);
    expect(depth.asks.length).toBe(5);
    expect(Number(depth.bids[0]?.[0])).toBeLessThan(Number(depth.asks[0]?.[0]));
    await server.post('/coin/trade', { amount: '0.1', currency_id: 2, type: 1 }, { token: demo });
    const trades = (await server.get<{ price: string; side: string }[]>('/currency/trades', { symbol: 'ETH/USDT' })).message;
    expect(trades[0]).toMatchObject({ side: 'buy' });
  });
});

describe('watchlist and search', () => {
  it('adds, lists and removes favourites, per user', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/optional/add', { symbol: 'SOL/USDT' }, { token, lang: 'en' })).message).toBe('Added to favourites');
    expect((await server.post('/optional/add', { currency_id: 2 }, { token })).type).toBe('ok');
    expect((await server.post('/optional/add', { symbol: 'SOL/USDT' }, { token })).type).toBe('ok');
    const list = (await server.get<Quote[]>('/optional/list', {}, { token })).message;
    expect(list.map((quote) => quote.symbol)).toEqual(['SOL/USDT', 'ETH/USDT']);
    const quotes = (await server.get<Quote[]>('/currency/quotation_new', {}, { token })).message;
    expect(quotes.find((quote) => quote.symbol === 'SOL/USDT')?.favourite).toBe(true);
    expect((await server.get<Quote[]>('/optional/list', {}, { token: demo })).message).toEqual([]);
    await server.post('/optional/del', { symbol: 'SOL/USDT' }, { token });
    expect((await server.get<Quote[]>('/optional/list', {}, { token })).message.map((quote) => quote.symbol)).toEqual(['ETH/USDT']);
    expect(await server.post('/optional/add', { symbol: 'FAKE/USDT' }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Trading pair not found' });
    expect(await server.post('/optional/add', {}, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Trading pair not found' });
    expect((await server.get('/optional/list')).type).toBe('999');
  });

  it('searches by symbol or name, with hot searches and recently viewed', async () => {
    const { token } = await registerUser(server);
    const byName = (await server.get<{ results: Quote[]; hot: string[]; recent: string[] }>('/market/search', { keyword: 'apple' }, { token })).message;
    expect(byName.results.map((quote) => quote.symbol)).toEqual(['AAPL/USDT']);
    expect(byName.hot).toContain('BTC/USDT');
    await server.post('/market/viewed', { symbol: 'TSLA/USDT' }, { token });
    await server.post('/market/viewed', { symbol: 'BTC/USDT' }, { token });
    const recent = (await server.get<{ recent: string[] }>('/market/search', {}, { token })).message.recent;
    expect(recent).toEqual(['BTC/USDT', 'TSLA/USDT']);
    expect((await server.get<{ results: Quote[] }>('/market/search', { keyword: '<script>' })).message.results).toEqual([]);
  });
});
