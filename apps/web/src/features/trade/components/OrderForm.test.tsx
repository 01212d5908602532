import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// Toasts render through antd-mobile's imperative API, which needs the app's React 19 adapter.
import { instrumentDefOf } from '@openbourse/core';
import type { Quote } from '../../../shared/market/quotes.ts';
import { session } from '../../../shared/session.ts';
import { renderAt, setupPageTests } from '../../../shared/test-utils.tsx';
import { useOrderDraft } from '../order-draft.ts';
import { aaplQuote, btcQuote } from '../test-doubles.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { pushFrame } from '../../../shared/realtime/test-double.ts';
import { OrderForm } from './OrderForm.tsx';

vi.mock('../../../shared/realtime/index.ts', () => import('../../../shared/realtime/test-double.ts'));

interface Call {
  path: string;
  params: Record<string, string>;
}

/** Answers the calls the form makes: the pair's balances, and the trade call with the given order. */
function stubTradeApi({ balances = { USDT: '10000.000000', BTC: '1.00000000' }, order = {} as Record<string, unknown> } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const params = Object.fromEntries(init?.body ? new URLSearchParams(String(init.body)) : url.searchParams);
      calls.push({ path, params });
      let message: unknown;
      if (path === '/wallet/detail') {
        message = { account_code: 'change', base: { currency: 'BTC', available: balances.BTC, frozen: '0' }, quote: { currency: 'USDT', available: balances.USDT, frozen: '0' } };
      }
      else if (path === '/coin/trade') message = { status: 'filled', filled_amount: params.amount, amount: params.amount, average_price: '99990.00', price: '100000.00', ...order };
      return new Response(JSON.stringify(message === undefined ? { type: 'error', message: `unexpected ${path}` } : { type: 'ok', message }), { status: 200 });
    }),
  );
  return { calls, tradeCalls: () => calls.filter((call) => call.path === '/coin/trade').map((call) => call.params) };
}

function Harness({ quote }: { quote: Quote }) {
  const { draft, update } = useOrderDraft(quote.price);
  return <OrderForm quote={quote} def={instrumentDefOf(quote)} draft={draft} onChange={update} />;
}

const field = (testId: string) => {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  return input;
};
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByTestId('trade-submit')));

setupPageTests();

describe('OrderForm', () => {
  it('offers a visitor login and register instead of submit, and asks nothing of the wallet', async () => {
    const { calls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    expect(await screen.findByTestId('trade-login')).toBeTruthy();
    expect(screen.getByTestId('trade-register')).toBeTruthy();
    expect(screen.queryByTestId('trade-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('trade-login'));
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('previews a limit buy exactly and places it with the typed price and amount', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    expect(field('trade-price').value).toBe('100000.00');
    type('trade-amount', '0.01');
    expect(screen.getByTestId('trade-preview-notional').textContent).toBe('1,000.00 USDT');
    expect(screen.getByTestId('trade-preview-fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('trade-preview-hold').textContent).toBe('1,001.00 USDT');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ amount: '0.01', target_price: '100000.00', currency_id: '1', legal_id: '3', type: '1' });
    expect((await screen.findByTestId('trade-result')).textContent).toBe('已全部成交，成交均价 99,990.00');
    await waitFor(() => expect(field('trade-amount').value).toBe(''));
  });

  it('sends a fresh client_oid with every tap, so a resend of one tap is answered with its first order', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-amount', '0.01');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    type('trade-amount', '0.01');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(2));
    const [first, second] = tradeCalls().map((call) => call.client_oid);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('refuses a tap while offline at once, saying the network is unavailable, and sends nothing then or later', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-amount', '0.01');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await submit();
      expect(await screen.findByText('网络不可用，请求未发送；恢复联网后请重新点击')).toBeTruthy();
    } finally {
      offline.mockRestore();
    }
    window.dispatchEvent(new Event('online'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(tradeCalls()).toEqual([]);
    expect(screen.getByTestId('trade-submit').getAttribute('class')).not.toContain('loading');
  });

  it('names a placed order and a partial fill', async () => {
    session.signIn('token');
    stubTradeApi({ order: { status: 'open', filled_amount: '0.0040', amount: '0.0100' } });
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-amount', '0.01');
    await submit();
    expect((await screen.findByTestId('trade-result')).textContent).toBe('部分成交 0.0040 / 0.0100 BTC');
  });

  it('leaves the price empty rather than starting at a last price of 0', async () => {
    stubTradeApi();
    renderAt(<Harness quote={{ ...btcQuote, price: '0.00' }} />);
    await screen.findByTestId('trade-login');
    expect(field('trade-price').value).toBe('');
    expect(screen.queryByTestId('trade-issue')).toBeNull();
  });

  it('says why before sending: a price off the tick grid', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await screen.findByTestId('trade-submit');
    type('trade-price', '100000.005');
    type('trade-amount', '0.01');
    expect(screen.getByTestId('trade-issue').textContent).toBe('价格须为 0.01 的整数倍');
    await submit();
    expect(tradeCalls()).toEqual([]);
  });

  it('says why before sending: below the minimum value, and a quantity off the lot grid', async () => {
    session.signIn('token');
    stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await screen.findByTestId('trade-submit');
    type('trade-price', '10000');
    type('trade-amount', '0.0004');
    expect(screen.getByTestId('trade-issue').textContent).toBe('交易额不能低于 5 USDT');
    type('trade-amount', '0.00015');
    expect(screen.getByTestId('trade-issue').textContent).toBe('数量须为 0.0001 的整数倍');
  });

  it('says the balance is insufficient when the hold exceeds what is available, and sends nothing', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi({ balances: { USDT: '1000.999999', BTC: '0' } });
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('1,000.999999 USDT'));
    type('trade-amount', '0.01');
    expect(screen.getByTestId('trade-issue').textContent).toBe('可用余额不足');
    await submit();
    expect(tradeCalls()).toEqual([]);
  });

  it('sells at market from the base balance: no price is sent and the hold is the quantity', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await screen.findByTestId('trade-submit');
    fireEvent.click(screen.getByTestId('trade-side-sell'));
    fireEvent.click(screen.getByTestId('trade-type-market'));
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('1.00 BTC'));
    expect(screen.getByTestId('trade-market-price')).toBeTruthy();
    type('trade-amount', '0.5');
    expect(screen.getByTestId('trade-preview-hold').textContent).toBe('0.50 BTC');
    expect(screen.getByTestId('trade-preview-receive').textContent).toBe('≈ 49,950.00 USDT');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ amount: '0.5', target_price: '', type: '2' });
  });

  it('asks for the pair’s balances and refetches them when the server says balances changed', async () => {
    session.signIn('token');
    const { calls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    const walletCalls = () => calls.filter((call) => call.path === '/wallet/detail').length;
    // One call for both sides of the pair; the server picks the account the pair trades in.
    expect(calls.find((call) => call.path === '/wallet/detail')?.params).toMatchObject({ currency_id: '1', legal_id: '3' });
    const before = walletCalls();
    pushFrame('balances', { time: 1 });
    await waitFor(() => expect(walletCalls()).toBeGreaterThan(before));
  });

  it('does not send an order while the market is closed, and says when it opens in the device time zone', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi({ balances: { USDT: '10000.000000', BTC: '1.00000000' } });
    renderAt(<Harness quote={aaplQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).not.toBe('-- USDT'));
    type('trade-amount', '1');
    await submit();
    const expected = i18n.t('trade:closed.nextOpen', { time: formatDateTime(aaplQuote.next_open ?? 0) });
    await waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe(expected));
    expect(tradeCalls()).toEqual([]);
  });
});
