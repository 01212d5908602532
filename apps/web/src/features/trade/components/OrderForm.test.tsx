import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// Toasts render through antd-mobile's imperative API, which needs the app's React 19 adapter.
import { instrumentDefOf } from '@openbourse/core';
import type { Quote } from '../../../shared/market/quotes.ts';
import { session } from '../../../shared/session.ts';
import { renderAt, setupPageTests } from '../../../shared/test-utils.tsx';
import { useOrderDraft } from '../order-draft.ts';
import { aaplQuote, btcQuote } from '../../../shared/trading/test-doubles.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { changeLanguage, i18n } from '../../../shared/i18n/index.ts';
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
  const def = instrumentDefOf(quote);
  const { draft, update, pickPrice } = useOrderDraft(quote.price, def);
  return (
    <>
      <button type="button" data-testid="pick-99990" onClick={() => pickPrice('99990.00')} />
      <OrderForm quote={quote} def={def} draft={draft} onChange={update} />
    </>
  );
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
    expect(tradeCalls()[0]).toMatchObject({ amount: '0.01', target_price: '100000.00', currency_id: '1', legal_id: '3', type: '1', order_type: 'limit', time_in_force: 'GTC' });
    expect(tradeCalls()[0]).not.toHaveProperty('post_only');
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
    // A second order, not the same one tapped twice (the request layer merges those).
    type('trade-amount', '0.02');
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
    expect(tradeCalls()[0]).toMatchObject({ amount: '0.5', target_price: '', type: '2', order_type: 'market' });
    expect(tradeCalls()[0]).not.toHaveProperty('quote_amount');
    // Its result toast shows before the next test starts.
    await screen.findByTestId('trade-result');
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

  it('links total and amount both ways, and a tapped book price moves the total', async () => {
    session.signIn('token');
    stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await screen.findByTestId('trade-submit');
    type('trade-amount', '0.0150');
    expect(field('trade-total').value).toBe('1500');
    type('trade-total', '2000');
    expect(field('trade-amount').value).toBe('0.0200');
    fireEvent.click(screen.getByTestId('pick-99990'));
    expect(field('trade-price').value).toBe('99990.00');
    // The total was typed last, so it stays and the amount follows the new price.
    expect(field('trade-total').value).toBe('2000');
    expect(field('trade-amount').value).toBe('0.0200');
    type('trade-amount', '0.0100');
    expect(field('trade-total').value).toBe('999.9');
  });

  it('buys at market by the total to spend: sends quote_amount and no amount', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi({ order: { status: 'filled', filled_amount: '0.0009', amount: '0.0009' } });
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    fireEvent.click(screen.getByTestId('trade-type-market'));
    type('trade-total', '100');
    expect(field('trade-amount').value).toBe('0.0010');
    expect(screen.getByTestId('trade-preview-hold').textContent).toBe('100.00 USDT');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ order_type: 'market', quote_amount: '100', amount: '', target_price: '', type: '1' });
  });

  it('places a stop-limit with its stop price, time in force and no post-only off GTC', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi({ order: { conditional_id: 12 } });
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    fireEvent.click(screen.getByTestId('trade-type-stop'));
    type('trade-amount', '0.01');
    expect(screen.queryByTestId('trade-issue')).toBeNull();
    await submit();
    expect(tradeCalls()).toEqual([]);
    type('trade-stop-price', '100500.00');
    type('trade-price', '101000.00');
    fireEvent.change(screen.getByTestId('trade-tif'), { target: { value: 'IOC' } });
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ order_type: 'stop_limit', stop_price: '100500.00', target_price: '101000.00', amount: '0.01', time_in_force: 'IOC' });
    expect(tradeCalls()[0]).not.toHaveProperty('post_only');
    expect((await screen.findByTestId('trade-result')).textContent).toBe(i18n.t('trade:result.conditional'));
  });

  it('sends post-only with a GTC limit order', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi({ order: { status: 'open', filled_amount: '0' } });
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-price', '99000.00');
    type('trade-amount', '0.01');
    fireEvent.click(screen.getByTestId('trade-post-only'));
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ post_only: '1', time_in_force: 'GTC' });
  });

  it('asks before sending a limit buy more than 5% above the market, and sends nothing when declined', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-price', '106000.00');
    type('trade-amount', '0.01');
    await submit();
    expect((await screen.findByTestId('trade-through-warning')).textContent).toContain('6');
    await act(async () => fireEvent.click(screen.getByText(i18n.t('trade:warning.cancel'))));
    expect(tradeCalls()).toEqual([]);
    await submit();
    await screen.findAllByTestId('trade-through-warning');
    await act(async () => fireEvent.click(screen.getAllByText(i18n.t('trade:warning.confirm')).at(-1) as HTMLElement));
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ target_price: '106000.00' });
  });

  it('does not ask when the price is within 5% of the market', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    renderAt(<Harness quote={btcQuote} />);
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('10,000.00 USDT'));
    type('trade-price', '105000.00');
    type('trade-amount', '0.01');
    await submit();
    // Placed without any confirmation being answered.
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
  });

  it('reads a decimal comma in French and shows the amount back with it, and keeps the form when the language changes', async () => {
    session.signIn('token');
    const { tradeCalls } = stubTradeApi();
    session.setLanguage('fra');
    await changeLanguage('fra');
    renderAt(<Harness quote={btcQuote} />);
    await screen.findByTestId('trade-submit');
    type('trade-amount', '0,015');
    expect(field('trade-amount').value).toBe('0,015');
    expect(field('trade-total').value).toBe('1500');
    await act(async () => {
      await changeLanguage('en');
    });
    expect(field('trade-amount').value).toBe('0.015');
    await submit();
    await waitFor(() => expect(tradeCalls()).toHaveLength(1));
    expect(tradeCalls()[0]).toMatchObject({ amount: '0.015' });
  });
});
