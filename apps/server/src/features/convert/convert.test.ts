import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { credit, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

interface Tick {
  id: number;
  symbol: string;
  price: string;
  time: number;
}
interface Quote {
  quote_id: string;
  rate: string;
  from_price: string;
  to_price: string;
  fee_rate: string;
  ticks: Tick[];
  created_at: number;
  expires_at: number;
}
interface Conversion {
  id: number;
  kind: string;
  from_currency: string;
  to_currency: string;
  amount_in: string;
  amount_out: string;
  fee: string;
  rate: string;
  ticks: Tick[];
  account: { code: string };
}

const balance = async (token: string, currency: string, type = 'change') =>
  (await server.post<{ available: string }>('/wallet/detail', { currency, type }, { token })).message.available;
const quote = async (token: string, from: number, to: number) => (await server.post<Quote>('/user/getTransferFee', { from_currency_id: from, to_currency_id: to }, { token })).message;
const convert = (token: string, body: Record<string, unknown>, lang = 'en') => server.post<Conversion>('/user/Transfer', body, { token, lang });
const systemBalance = (code: string, currencyId: number) =>
  (server.built.ctx.sqlite.prepare('SELECT available FROM ledger_accounts WHERE system_code = ? AND currency_id = ?').get(code, currencyId) as { available: number } | undefined)?.available ?? 0;
const conversionCount = () => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM conversions').get() as { n: number }).n;

/** The feed's prices for the tests: BTC 96250, ETH 3420 USDT, ticked now. */
async function tickPrices(btc = '96250.00', eth = '3420.00') {
  await pushTicks(server, 'BTC/USDT', [{ price: btc, volume: '0.1', time: server.built.ctx.now() }]);
  await pushTicks(server, 'ETH/USDT', [{ price: eth, volume: '1', time: server.built.ctx.now() }]);
}

async function fundedUser() {
  const user = await registerUser(server);
  credit(server, user.email, '1000', 'USDT');
  credit(server, user.email, '0.5', 'BTC');
  credit(server, user.email, '2', 'ETH');
  return user;
}

beforeAll(async () => {
  server = await startServer();
});

beforeEach(async () => {
  await tickPrices();
});

describe('coin-to-coin conversion', () => {
  it('lists the coins that convert into one another, with what the user has in the spot account', async () => {
    const { token } = await fundedUser();
    const list = await server.post<{ fee_rate: string; quote_ttl_ms: number; account: { code: string; name: string }; currencies: { currency: string; available: string; to: number[] }[] }>(
      '/user/getTransferList',
      {},
      { token, lang: 'en' },
    );
    expect(list.message).toMatchObject({ fee_rate: '0.002', quote_ttl_ms: 10_000, account: { code: 'change', name: 'Spot account' } });
    const symbols = list.message.currencies.map((currency) => currency.currency);
    expect(symbols).toEqual(['USDT', 'BTC', 'ETH', 'LTC', 'BCH', 'SOL', 'XRP', 'DOGE', 'ADA', 'LINK']);
    expect(list.message.currencies.find((currency) => currency.currency === 'BTC')).toMatchObject({ available: '0.50000000', to: [3, 2, 4, 5, 6, 7, 8, 9, 10] });
    expect((await server.post('/user/getTransferList', {})).type).toBe('999');
  });

  it('quotes BTC to USDT from the feed\'s last tick for ten seconds, and converts at exactly that rate with the tick recorded', async () => {
    const { token } = await fundedUser();
    const offer = await quote(token, 1, 3);
    expect(offer).toMatchObject({ rate: '96250', from_price: '96250.00', to_price: '1', fee_rate: '0.002' });
    expect(offer.expires_at - offer.created_at).toBe(10_000);
    expect(offer.ticks).toEqual([expect.objectContaining({ symbol: 'BTC/USDT', price: '96250.00' })]);
    const tickId = offer.ticks[0]?.id;

    // The market moves after the quote: the conversion still settles at the quoted price.
    await tickPrices('99000.00');
    const events: UserEvent[] = [];
    server.built.ctx.bus.on('user', (event) => events.push(event));
    const feesBefore = systemBalance('fees', 3);
    const done = await convert(token, { number: '0.5', from_currency_id: 1, to_currency_id: 3, quote_id: offer.quote_id });
    expect(done.type).toBe('ok');
    expect(done.message).toMatchObject({ kind: 'quote', from_currency: 'BTC', to_currency: 'USDT', amount_in: '0.50000000', amount_out: '48028.750000', fee: '96.250000', rate: '96250' });
    expect(done.message.ticks).toEqual([expect.objectContaining({ id: tickId, symbol: 'BTC/USDT', price: '96250.00' })]);
    expect(await balance(token, 'BTC')).toBe('0.00000000');
    expect(await balance(token, 'USDT')).toBe('49028.750000');
    expect(systemBalance('fees', 3) - feesBefore).toBe(96_250_000);
    expect(events.find((event) => event.kind === 'conversion.completed')).toMatchObject({ refType: 'conversion', refId: done.message.id, params: { from: 'BTC', to: 'USDT', amount_out: '48028.750000' } });

    const row = server.built.ctx.sqlite.prepare('SELECT from_tick_id AS fromTick, to_tick_id AS toTick, quote_id AS quoteId FROM conversions WHERE id = ?').get(done.message.id);
    expect(row).toEqual({ fromTick: tickId, toTick: null, quoteId: offer.quote_id });
    const bills = await server.post<{ list: { type_name: string; currency: string; amount: string }[] }>('/wallet/legal_log', { kind: 'conversion' }, { token, lang: 'en' });
    expect(bills.message.list.map((bill) => [bill.type_name, bill.currency, bill.amount])).toEqual([
      ['Convert', 'USDT', '48028.750000'],
      ['Convert', 'BTC', '-0.50000000'],
    ]);
  });

  it('crosses two feed prices through USDT and records both ticks', async () => {
    const { token } = await fundedUser();
    const offer = await quote(token, 2, 1);
    expect(offer.rate).toBe('0.0355324675324');
    expect(offer.ticks.map((tick) => tick.symbol)).toEqual(['ETH/USDT', 'BTC/USDT']);
    const done = await convert(token, { number: '2', from_currency_id: 2, to_currency_id: 1, quote_id: offer.quote_id });
    expect(done.message).toMatchObject({ amount_in: '2.00000000', amount_out: '0.07092280', fee: '0.00014213' });
    expect(done.message.ticks.map((tick) => tick.symbol)).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(await balance(token, 'BTC')).toBe('0.57092280');
  });

  it('converts USDT into a coin, rounding what is received down to its smallest unit', async () => {
    const { token } = await fundedUser();
    const offer = await quote(token, 3, 1);
    const done = await convert(token, { number: '1000', from_currency_id: 3, to_currency_id: 1, quote_id: offer.quote_id });
    expect(done.message).toMatchObject({ amount_out: '0.01036883', fee: '0.00002078' });
    expect(await balance(token, 'USDT')).toBe('0.000000');
  });

  it('refuses an expired, used, foreign or mismatched quote the same way, and changes nothing', async () => {
    const { token } = await fundedUser();
    const stranger = await fundedUser();
    const expired = await quote(token, 1, 3);
    server.advance(10_001);
    const refusedAsExpired = { type: 'error', message: 'The quote has expired, please get a new one' };
    expect(await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: expired.quote_id })).toEqual(refusedAsExpired);

    await tickPrices();
    const fresh = await quote(token, 1, 3);
    expect(await convert(stranger.token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: fresh.quote_id })).toEqual(refusedAsExpired);
    expect(await convert(token, { number: '0.1', from_currency_id: 2, to_currency_id: 3, quote_id: fresh.quote_id })).toEqual(refusedAsExpired);
    expect(await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: 'no-such-quote' })).toEqual(refusedAsExpired);
    expect(await balance(token, 'BTC')).toBe('0.50000000');
    expect(await balance(stranger.token, 'BTC')).toBe('0.50000000');

    expect((await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: fresh.quote_id })).type).toBe('ok');
    expect(await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: fresh.quote_id })).toEqual(refusedAsExpired);
    expect(await balance(token, 'BTC')).toBe('0.40000000');
  });

  it('refuses bad amounts and pairs with a clear message, and a refusal leaves the quote usable', async () => {
    const { token } = await fundedUser();
    const offer = await quote(token, 1, 3);
    const countBefore = conversionCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ number: '0.6', from_currency_id: 1, to_currency_id: 3 }, 'Insufficient balance'],
      [{ number: '0.000000001', from_currency_id: 1, to_currency_id: 3 }, 'BTC allows at most 8 decimals'],
      [{ number: '0', from_currency_id: 1, to_currency_id: 3 }, 'Enter a correct amount'],
      [{ number: 'abc', from_currency_id: 1, to_currency_id: 3 }, 'Enter a correct amount'],
      [{ number: '0.1', from_currency_id: 1, to_currency_id: 1 }, 'Choose two different coins'],
      [{ number: '0.1', from_currency_id: 101, to_currency_id: 3 }, 'AAPL cannot be converted'],
      [{ number: '0.1', from_currency_id: 999, to_currency_id: 3 }, 'Currency not found'],
      [{ from_currency_id: 1, to_currency_id: 3 }, 'Please enter amount'],
    ];
    for (const [body, message] of refusals) expect(await convert(token, { ...body, quote_id: offer.quote_id }), JSON.stringify(body)).toEqual({ type: 'error', message });
    expect(await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3 })).toEqual({ type: 'error', message: 'Please enter quote' });
    expect(conversionCount()).toBe(countBefore);
    expect((await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: offer.quote_id })).type).toBe('ok');

    const tiny = await quote(token, 3, 1);
    expect(await convert(token, { number: '0.000001', from_currency_id: 3, to_currency_id: 1, quote_id: tiny.quote_id })).toEqual({ type: 'error', message: 'The amount is too small to convert' });
  });

  it('quotes only at a recent feed price, and only pairs of different coins', async () => {
    const { token } = await fundedUser();
    const ask = (from: number, to: number) => server.post('/user/getTransferFee', { from_currency_id: from, to_currency_id: to }, { token, lang: 'en' });
    expect(await ask(6, 3)).toEqual({ type: 'error', message: 'No market price yet. Please try again shortly' });
    server.advance(5 * 60_000 + 1);
    expect(await ask(1, 3)).toEqual({ type: 'error', message: 'No market price yet. Please try again shortly' });
    expect(await ask(3, 3)).toEqual({ type: 'error', message: 'Choose two different coins' });
    expect(await ask(3, 102)).toEqual({ type: 'error', message: 'TSLA cannot be converted' });
    expect((await server.post('/user/getTransferFee', { from_currency_id: 1, to_currency_id: 3 })).type).toBe('999');
  });

  it('refuses a frozen user', async () => {
    const { token, email } = await fundedUser();
    const offer = await quote(token, 1, 3);
    server.built.ctx.sqlite.prepare('UPDATE users SET frozen_at = ?, frozen_reason = ? WHERE email = ?').run(Date.now(), 'Under review', email);
    const refused = await convert(token, { number: '0.1', from_currency_id: 1, to_currency_id: 3, quote_id: offer.quote_id });
    expect(refused.type).toBe('error');
    expect(String(refused.message)).toContain('Under review');
    expect(await balance(token, 'BTC')).toBe('0.50000000');
  });

  it('lists the user\'s conversions with their ticks, and nobody else\'s', async () => {
    const { token } = await fundedUser();
    for (const [from, to, number] of [
      [1, 3, '0.1'],
      [2, 3, '1'],
    ] as const) {
      const offer = await quote(token, from, to);
      await convert(token, { number, from_currency_id: from, to_currency_id: to, quote_id: offer.quote_id });
    }
    const history = await server.get<{ total: number; list: Conversion[] }>('/user/conversion/list', { limit: 10 }, { token });
    expect(history.message.total).toBe(2);
    expect(history.message.list.map((conversion) => [conversion.from_currency, conversion.ticks[0]?.symbol])).toEqual([
      ['ETH', 'ETH/USDT'],
      ['BTC', 'BTC/USDT'],
    ]);
    const stranger = await registerUser(server);
    expect((await server.get<{ total: number }>('/user/conversion/list', {}, { token: stranger.token })).message.total).toBe(0);
  });
});

describe('a currency\'s rate in a fiat currency', () => {
  it('answers the feed price in USDT and in the chosen fiat, with its tick', async () => {
    const rate = await server.get<{ usdt_price: string; fiat_price: string; fiat: { code: string }; tick: Tick | null }>('/wallet/getRateCurrency', { id: 1, fiat: 'CNY' });
    expect(rate.message).toMatchObject({ usdt_price: '96250.00', fiat_price: '685300', fiat: { code: 'CNY' }, tick: { symbol: 'BTC/USDT', price: '96250.00' } });
    expect((await server.get<{ usdt_price: string; tick: null }>('/wallet/getRateCurrency', { id: 3 })).message).toMatchObject({ usdt_price: '1', tick: null });
    expect(await server.get('/wallet/getRateCurrency', { id: 999 }, { lang: 'en' })).toEqual({ type: 'error', message: 'Currency not found' });
    expect(await server.get('/wallet/getRateCurrency', { id: 1, fiat: 'XYZ' }, { lang: 'en' })).toEqual({ type: 'error', message: 'fiat currency is not valid' });
  });
});

describe('small balances', () => {
  it('sweeps coins worth under 1 USDT into USDT of their account at feed prices, at most once per 6 hours', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '0.000005', 'BTC');
    credit(server, user.email, '1', 'ETH');
    credit(server, user.email, '0.0001', 'ETH', 4);
    credit(server, user.email, '3', 'DOGE');
    const { token } = user;
    const listed = await server.post<{ next_allowed_at: number | null; total_receive: string; items: { currency: string; account: { code: string }; amount: string; usdt_value: string; receive: string }[] }>(
      '/wallet/small_balances',
      {},
      { token },
    );
    // BTC 0.000005 × 96250 = 0.48125; ETH 0.0001 × 3420 = 0.342 in the options account; 1 ETH is not small; DOGE has no price yet.
    expect(listed.message.items.map((item) => [item.currency, item.account.code, item.amount, item.receive])).toEqual([
      ['BTC', 'change', '0.00000500', '0.480287'],
      ['ETH', 'micro', '0.00010000', '0.341316'],
    ]);
    expect(listed.message).toMatchObject({ next_allowed_at: null, total_receive: '0.821603' });

    const swept = await server.post<{ converted: Conversion[]; total_receive: string }>('/wallet/small_balances/convert', {}, { token });
    expect(swept.type).toBe('ok');
    expect(swept.message.total_receive).toBe('0.821603');
    expect(swept.message.converted.map((conversion) => [conversion.kind, conversion.from_currency, conversion.account.code, conversion.ticks[0]?.symbol])).toEqual([
      ['small_balance', 'BTC', 'change', 'BTC/USDT'],
      ['small_balance', 'ETH', 'micro', 'ETH/USDT'],
    ]);
    expect(await balance(token, 'BTC')).toBe('0.00000000');
    expect(await balance(token, 'USDT')).toBe('0.480287');
    expect(await balance(token, 'USDT', 'micro')).toBe('0.341316');
    expect(await balance(token, 'ETH')).toBe('1.00000000');
    expect(await balance(token, 'DOGE')).toBe('3.00000000');
    const bills = await server.post<{ list: { type_name: string }[] }>('/wallet/legal_log', { kind: 'small_balance' }, { token, lang: 'en' });
    expect(bills.message.list).toHaveLength(4);
    expect(bills.message.list[0]?.type_name).toBe('Small balance conversion');

    credit(server, user.email, '0.000001', 'BTC');
    server.advance(60 * 60_000);
    expect(await server.post('/wallet/small_balances/convert', {}, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Small balances can be converted once every 6 hours; try again in 5 h 0 min',
    });
    expect((await server.post<{ next_allowed_at: number }>('/wallet/small_balances', {}, { token })).message.next_allowed_at).toBe(
      (server.built.ctx.sqlite.prepare("SELECT MAX(created_at) AS at FROM conversions WHERE kind = 'small_balance'").get() as { at: number }).at + 6 * 3_600_000,
    );
    server.advance(5 * 60 * 60_000);
    await tickPrices();
    expect((await server.post('/wallet/small_balances/convert', {}, { token })).type).toBe('ok');
    expect(await server.post('/wallet/small_balances/convert', {}, { token: (await registerUser(server)).token, lang: 'en' })).toEqual({ type: 'error', message: 'You have no small balances to convert' });
  });
});
