import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let demo: string;

interface Balance {
  currency: string;
  available: string;
  frozen: string;
  total: string;
  usdt_value: string;
  fiat_value: string;
}
interface WalletList {
  fiat: { code: string; rate: string };
  total_usdt: string;
  total_fiat: string;
  accounts: { type: number; code: string; name: string; total_usdt: string; balances: Balance[] }[];
}

beforeAll(async () => {
  server = await startServer();
  demo = (await server.post<string>('/user/login', { user_string: 'demo@openbourse.test', password: 'Demo12345' }, { ip: freshIp() })).message;
});

describe('wallet', () => {
  it('shows a new user every account with zero balances', async () => {
    const { token } = await registerUser(server);
    const wallet = (await server.post<WalletList>('/wallet/list', {}, { token, lang: 'en' })).message;
    expect(wallet.total_usdt).toBe('0.00');
    expect(wallet.accounts.map((account) => account.code)).toEqual(['change', 'legal', 'lever', 'micro', 'balance', 'deposit', 'mining', 'stock', 'crypto']);
    expect(wallet.accounts[0]?.name).toBe('Spot account');
    expect(wallet.accounts.flatMap((account) => account.balances).every((balance) => Number(balance.total) === 0)).toBe(true);
  });

  it('shows the demo user\'s funds with USDT and fiat equivalents', async () => {
    const wallet = (await server.post<WalletList>('/wallet/list', { fiat: 'CNY' }, { token: demo, lang: 'zh' })).message;
    const spot = wallet.accounts.find((account) => account.code === 'change');
    expect(spot?.name).toBe('币币账户');
    const usdt = spot?.balances.find((balance) => balance.currency === 'USDT');
    expect(usdt).toMatchObject({ available: '10000.000000', frozen: '0.000000', usdt_value: '10000.00', fiat_value: '71200.00' });
    expect(spot?.balances.find((balance) => balance.currency === 'BTC')?.available).toBe('1.00000000');
    expect(spot?.balances.find((balance) => balance.currency === 'ETH')?.available).toBe('10.00000000');
    expect(wallet.fiat).toMatchObject({ code: 'CNY', rate: '7.12' });
    expect(Number(wallet.total_usdt)).toBeGreaterThan(10000);
  });

  it('answers one currency in one account by id or code', async () => {
    const byCode = await server.post<{ available: string; account_code: string }>('/wallet/detail', { currency: 3, type: 'change' }, { token: demo });
    const byId = await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 2 }, { token: demo });
    expect(byCode.message).toMatchObject({ available: '10000.000000', account_code: 'change' });
    expect(byId.message.available).toBe('10000.000000');
    expect((await server.post('/wallet/detail', { currency: 3 }, { token: demo })).type).toBe('ok');
  });

  it('answers both sides of a trading pair in the account it trades in', async () => {
    const btc = await server.post<{ symbol: string; account_code: string; base: { currency: string; available: string }; quote: { currency: string; available: string } }>(
      '/wallet/detail',
      { currency_id: 1, legal_id: 3 },
      { token: demo },
    );
    expect(btc.message).toMatchObject({ symbol: 'BTC/USDT', account_code: 'change', base: { currency: 'BTC', available: '1.00000000' }, quote: { currency: 'USDT', available: '10000.000000' } });
    const apple = await server.post<{ account_code: string; quote: { available: string } }>('/wallet/detail', { currency_id: 101 }, { token: demo });
    expect(apple.message).toMatchObject({ account_code: 'stock', quote: { available: '5000.000000' } });
    expect(await server.post('/wallet/detail', { currency_id: 3, legal_id: 1 }, { token: demo, lang: 'en' })).toEqual({ type: 'error', message: 'Trading pair not found' });
  });

  it('refuses unknown currencies, account types and fiat codes', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency: 99, type: 'change' }, 'Currency not found'],
      [{ currency: 'XYZ', type: 'change' }, 'Currency not found'],
      [{ currency: 1, type: 'lever' }, 'Currency not found'],
      [{ currency: 3, type: 'savings' }, 'Account type not found'],
      [{ currency: 3, type: 'change', fiat: 'XYZ' }, 'fiat currency is not valid'],
      [{ type: 'change' }, 'Please enter currency'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/wallet/detail', body, { token: demo, lang: 'en' })).toEqual({ type: 'error', message });
    expect((await server.post('/wallet/list', {}, {})).type).toBe('999');
  });

  it('lists the user\'s postings with localized type names, paged', async () => {
    const log = await server.post<{ list: { type: string; type_name: string; amount: string; currency: string; balance_after: string }[]; total: number; has_more: boolean }>(
      '/wallet/legal_log',
      { page: 1, limit: 2 },
      { token: demo, lang: 'en' },
    );
    expect(log.message.total).toBe(4);
    expect(log.message.list).toHaveLength(2);
    expect(log.message.has_more).toBe(true);
    expect(log.message.list[0]).toMatchObject({ type: 'demo_credit', type_name: 'Demo funds' });
    const usdtOnly = await server.post<{ list: { currency: string; amount: string }[] }>('/wallet/legal_log', { currency: 3, type: 'change' }, { token: demo });
    expect(usdtOnly.message.list).toEqual([expect.objectContaining({ currency: 'USDT', amount: '10000.000000' })]);
    const capped = await server.post<{ limit: number }>('/wallet/legal_log', { limit: 100000 }, { token: demo });
    expect(capped.message.limit).toBe(100);
    expect((await server.post('/wallet/legal_log', { page: -1 }, { token: demo, lang: 'en' })).message).toBe('page is out of range');
    expect((await server.post('/wallet/legal_log', { page: 'abc' }, { token: demo, lang: 'en' })).message).toBe('page is not valid');
  });

  it('filters the bills by posting type and by time, and refuses an unknown type', async () => {
    const byKind = await server.post<{ total: number; list: { type: string }[] }>('/wallet/legal_log', { kind: 'demo_credit' }, { token: demo });
    expect(byKind.message.total).toBe(4);
    expect((await server.post<{ total: number }>('/wallet/legal_log', { kind: 'spot_trade' }, { token: demo })).message.total).toBe(0);
    const now = Date.now();
    expect((await server.post<{ total: number }>('/wallet/legal_log', { from: now - 3_600_000, to: now + 60_000 }, { token: demo })).message.total).toBe(4);
    expect((await server.post<{ total: number }>('/wallet/legal_log', { from: now + 60_000 }, { token: demo })).message.total).toBe(0);
    expect((await server.post<{ total: number }>('/wallet/legal_log', { to: 1 }, { token: demo })).message.total).toBe(0);
    expect(await server.post('/wallet/legal_log', { kind: 'free_money' }, { token: demo, lang: 'en' })).toEqual({ type: 'error', message: 'bill type is not valid' });
    expect(await server.post('/wallet/legal_log', { from: 'yesterday' }, { token: demo, lang: 'en' })).toEqual({ type: 'error', message: 'start time is not valid' });
  });

  it('answers one coin across every account that holds it, for the coin page', async () => {
    const coin = await server.post<{ currency: string; total: string; trade_symbol: string | null; accounts: { code: string; name: string; available: string }[] }>(
      '/wallet/coin',
      { currency: 'BTC', fiat: 'USD' },
      { token: demo, lang: 'en' },
    );
    expect(coin.message).toMatchObject({ currency: 'BTC', total: '1.00000000', trade_symbol: 'BTC/USDT' });
    expect(coin.message.accounts.map((account) => account.code)).toEqual(['change', 'legal', 'micro', 'deposit', 'mining', 'crypto']);
    expect(coin.message.accounts[0]).toMatchObject({ name: 'Spot account', available: '1.00000000' });
    const usdt = await server.post<{ trade_symbol: string | null; accounts: unknown[] }>('/wallet/coin', { currency: 3 }, { token: demo });
    expect(usdt.message.trade_symbol).toBeNull();
    expect(usdt.message.accounts).toHaveLength(9);
    expect(await server.post('/wallet/coin', { currency: 'XYZ' }, { token: demo, lang: 'en' })).toEqual({ type: 'error', message: 'Currency not found' });
    expect((await server.post('/wallet/coin', { currency: 'BTC' })).type).toBe('999');
  });

  it('never shows another user\'s postings', async () => {
    const { token } = await registerUser(server);
    const log = await server.post<{ total: number }>('/wallet/legal_log', {}, { token });
    expect(log.message.total).toBe(0);
  });

  it('lists currencies with the user\'s totals', async () => {
    const currencies = await server.get<{ id: number; symbol: string; chains: string[] }[]>('/currency/list');
    expect(currencies.message.slice(0, 3).map((currency) => currency.symbol)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(currencies.message.find((currency) => currency.symbol === 'USDT')).toMatchObject({ id: 3, chains: ['ERC20', 'TRC20'] });
    expect(currencies.message.find((currency) => currency.symbol === 'BTC')?.id).toBe(1);
    const mine = await server.get<{ currency: string; total: string; withdrawable: string; on_chain: boolean }[]>('/currency/user_currency_list', {}, { token: demo });
    expect(mine.message.find((entry) => entry.currency === 'ETH')).toMatchObject({ total: '10.00000000', withdrawable: '10.00000000' });
    // Only coins with a network can be deposited, withdrawn or saved as an address: not a stock, not a token that lives only here.
    expect(mine.message.filter((entry) => entry.on_chain).map((entry) => entry.currency)).toEqual(currencies.message.filter((currency) => currency.chains.length > 0).map((currency) => currency.symbol));
    expect(mine.message.find((entry) => entry.currency === 'AAPL')?.on_chain).toBe(false);
  });
});
