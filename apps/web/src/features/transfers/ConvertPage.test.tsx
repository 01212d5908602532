import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPageTests } from '../../shared/test-utils.tsx';
import ConvertPage from './ConvertPage.tsx';
import { initialPair, readableRate } from './amounts.ts';
import { fakeFundsServer, renderPage } from './transfers-test-server.tsx';

setupPageTests({ signedIn: true });

const coin = (id: number, currency: string, scale: number, available: string, to: number[]) => ({ id, currency, name: currency, icon: '', scale, display_decimals: 2, available, to });
const LIST = {
  account: { type: 2, code: 'change', name: '币币账户' },
  fee_bps: 20,
  fee_rate: '0.002',
  quote_ttl_ms: 10_000,
  currencies: [coin(3, 'USDT', 6, '0.000000', [1, 2]), coin(1, 'BTC', 8, '0.50000000', [3, 2]), coin(2, 'ETH', 8, '2.00000000', [3, 1])],
};
/** The list as a user holding the given amounts sees it (the rest at zero). */
const holding = (amounts: Record<string, string>) => ({
  ...LIST,
  currencies: LIST.currencies.map((currency) => ({ ...currency, available: amounts[currency.currency] ?? '0' })),
});
const TICK = { id: 4242, symbol: 'BTC/USDT', price: '96250.00', time: Date.UTC(2026, 10, 23, 2, 30), source: 'simulator' };
const QUOTE = {
  quote_id: 'q-1',
  from_currency_id: 1,
  from_currency: 'BTC',
  to_currency_id: 3,
  to_currency: 'USDT',
  from_scale: 8,
  to_scale: 6,
  from_price: '96250.00',
  to_price: '1',
  rate: '96250',
  fee_bps: 20,
  fee_rate: '0.002',
  ticks: [TICK],
  created_at: Date.now(),
  expires_at: Date.now() + 10_000,
  valid_ms: 10_000,
};
const CONVERSION = {
  id: 9,
  kind: 'quote',
  from_currency_id: 1,
  from_currency: 'BTC',
  to_currency_id: 3,
  to_currency: 'USDT',
  amount_in: '0.50000000',
  amount_out: '48028.750000',
  fee: '96.250000',
  fee_currency: 'USDT',
  fee_rate: '0.002',
  rate: '96250',
  from_price: '96250.00',
  to_price: '1',
  ticks: [TICK],
  account: LIST.account,
  created_at: Date.now(),
};

const typeAmount = (value: string) => fireEvent.change(screen.getByTestId('convert-amount').querySelector('input') as HTMLInputElement, { target: { value } });

describe('ConvertPage', () => {
  it('opens from USDT into BTC for a user who holds only USDT', async () => {
    const server = fakeFundsServer({ '/user/getTransferList': holding({ USDT: '500.000000' }), '/user/getTransferFee': { ...QUOTE, from_currency_id: 3, to_currency_id: 1 }, '/user/info': { frozen: null } });
    renderPage(<ConvertPage />, '/pages/fund/transfer');
    await screen.findByTestId('convert-rate');
    expect(screen.getByTestId('convert-from').textContent).toContain('USDT');
    expect(screen.getByTestId('convert-to').textContent).toContain('BTC');
    expect(server.callsTo('/user/getTransferFee').map((params) => `${params.get('from_currency_id')}>${params.get('to_currency_id')}`)).toEqual(['3>1']);
  });

  it('is titled like the home entry that opens it, and previews BTC to USDT at the quote with the fee and the tick behind the price', async () => {
    fakeFundsServer({ '/user/getTransferList': LIST, '/user/getTransferFee': QUOTE, '/user/info': { frozen: null } });
    renderPage(<ConvertPage />, '/pages/fund/transfer');
    expect(await screen.findByText('闪兑')).toBeTruthy();
    expect((await screen.findByTestId('convert-rate')).textContent).toBe('1 BTC ≈ 96,250 USDT');
    expect(screen.getByTestId('convert-ticks').textContent).toContain('BTC/USDT 96,250.00 · 行情 #4242');
    expect(screen.getByTestId('convert-countdown').textContent).toMatch(/报价将在 \d+ 秒后刷新/);
    typeAmount('0.5');
    // The server's own formula: 0.5 × 96250 = 48125, less 0.2 % = 48028.75.
    expect(screen.getByTestId('convert-receive').textContent).toBe('48,028.75');
    expect(screen.getByTestId('convert-fee').textContent).toBe('96.25 USDT');
    expect(screen.getByTestId('convert-submit').hasAttribute('disabled')).toBe(false);
  });

  it('converts at the quote on screen and shows what happened, with the tick', async () => {
    const server = fakeFundsServer({ '/user/getTransferList': LIST, '/user/getTransferFee': QUOTE, '/user/Transfer': CONVERSION, '/user/info': { frozen: null } });
    renderPage(<ConvertPage />, '/pages/fund/transfer');
    await screen.findByTestId('convert-rate');
    fireEvent.click(screen.getByTestId('convert-max'));
    expect((screen.getByTestId('convert-amount').querySelector('input') as HTMLInputElement).value).toBe('0.5');
    await act(async () => {
      fireEvent.click(screen.getByTestId('convert-submit'));
    });
    const result = await screen.findByTestId('convert-result');
    expect(result.textContent).toContain('−0.50 BTC → +48,028.75 USDT');
    expect(result.textContent).toContain('#4242');
    expect(Object.fromEntries(server.callsTo('/user/Transfer')[0] ?? [])).toEqual({ number: '0.5', from_currency_id: '1', to_currency_id: '3', quote_id: 'q-1', client_oid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('refuses more than is available and too many decimals before asking the server', async () => {
    const server = fakeFundsServer({ '/user/getTransferList': LIST, '/user/getTransferFee': QUOTE, '/user/info': { frozen: null } });
    renderPage(<ConvertPage />, '/pages/fund/transfer');
    await screen.findByTestId('convert-rate');
    typeAmount('0.6');
    expect(screen.getByTestId('convert-issue').textContent).toBe('可用余额不足');
    typeAmount('0.123456789');
    expect(screen.getByTestId('convert-issue').textContent).toBe('最多输入 8 位小数');
    expect(screen.getByTestId('convert-submit').hasAttribute('disabled')).toBe(true);
    expect(server.callsTo('/user/Transfer')).toHaveLength(0);
  });

  it('asks for a new quote when the pair changes, and swaps the two coins', async () => {
    const server = fakeFundsServer({
      '/user/getTransferList': LIST,
      '/user/getTransferFee': (params: URLSearchParams) => ({
        type: 'ok',
        message: { ...QUOTE, from_currency_id: Number(params.get('from_currency_id')), to_currency_id: Number(params.get('to_currency_id')) },
      }),
      '/user/info': { frozen: null },
    });
    renderPage(<ConvertPage />, '/pages/fund/transfer?from=2&to=1');
    await screen.findByTestId('convert-rate');
    expect(screen.getByTestId('convert-from').textContent).toContain('ETH');
    expect(screen.getByTestId('convert-to').textContent).toContain('BTC');
    fireEvent.click(screen.getByTestId('convert-swap'));
    expect(screen.getByTestId('convert-from').textContent).toContain('BTC');
    await waitFor(() => expect(server.callsTo('/user/getTransferFee').map((params) => `${params.get('from_currency_id')}>${params.get('to_currency_id')}`)).toEqual(['2>1', '1>2']));
  });
});

describe('readableRate', () => {
  it('writes a rate below 1 the other way round, as the price line under it reads', () => {
    expect(readableRate('0.0000103713879955', 'USDT', 'BTC')).toBe('1 BTC ≈ 96,419.11 USDT');
    expect(readableRate('96250', 'BTC', 'USDT')).toBe('1 BTC ≈ 96,250 USDT');
    expect(readableRate('0.5', 'ETH', 'XYZ')).toBe('1 XYZ ≈ 2.00 ETH');
  });
});

describe('initialPair', () => {
  it('starts from a currency the user holds: USDT into BTC first, then BTC into USDT, then any other into USDT', () => {
    expect(initialPair(holding({ USDT: '500', BTC: '0.5', ETH: '2' }), null, null)).toEqual({ fromId: 3, toId: 1 });
    expect(initialPair(holding({ BTC: '0.5', ETH: '2' }), null, null)).toEqual({ fromId: 1, toId: 3 });
    expect(initialPair(holding({ ETH: '2' }), null, null)).toEqual({ fromId: 2, toId: 3 });
  });

  it('starts from BTC into USDT for a user who holds nothing', () => {
    expect(initialPair(holding({}), null, null)).toEqual({ fromId: 1, toId: 3 });
  });

  it('keeps the currencies the address asks for, and picks the other side around them', () => {
    const usdtOnly = holding({ USDT: '500' });
    expect(initialPair(usdtOnly, '2', '1')).toEqual({ fromId: 2, toId: 1 });
    expect(initialPair(usdtOnly, '1', null)).toEqual({ fromId: 1, toId: 3 });
    expect(initialPair(usdtOnly, null, '2')).toEqual({ fromId: 3, toId: 2 });
    // Into the one currency held: from BTC, as for a user who holds nothing else.
    expect(initialPair(usdtOnly, null, '3')).toEqual({ fromId: 1, toId: 3 });
    // An unknown currency, or the same one twice, is not asked for.
    expect(initialPair(usdtOnly, '99', '3')).toEqual({ fromId: 1, toId: 3 });
    expect(initialPair(usdtOnly, '2', '2')).toEqual({ fromId: 2, toId: 3 });
  });
});
