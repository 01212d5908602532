import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import type { OrderFill } from './api.ts';
import OrderDetailPage from './OrderDetailPage.tsx';
import { pushFrame } from '../../shared/realtime/test-double.ts';
import { fakeOrdersServer, filledMarketBuy, makeOrder, renderOrdersPage } from './orders-test-server.tsx';
import { makeQuote } from '../../shared/test-utils.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const DETAIL_PATH = '/pages/transaction/currency_order';
const quotes = [makeQuote('BTC/USDT', { currency_id: 1, price: '96202.34' })];

const takerFill: OrderFill = {
  id: 1,
  price: '96221.59',
  amount: '0.0100',
  role: 'taker',
  turnover: '962.215900',
  fee: '0.962215',
  fee_currency: 'USDT',
  time: filledMarketBuy.created_at,
  reference_tick: { id: 199, price: '96202.34', time: filledMarketBuy.created_at - 620, source: 'simulator' },
};
const restingSell = makeOrder({ id: 766, amount: '0.0500', filled_amount: '0.0200', remaining_amount: '0.0300', average_price: '99000.00', held: '0.03000000' });
const makerFill: OrderFill = { id: 7, price: '99000.00', amount: '0.0200', role: 'maker', turnover: '1980.000000', fee: '1.98', fee_currency: 'USDT', time: restingSell.created_at + 1000, reference_tick: null };

setupPageTests({ signedIn: true });

describe('OrderDetailPage', () => {
  it('shows the order facts and each fill with the market tick it settled against', async () => {
    const placementTick = { id: 198, price: '96200.10', time: filledMarketBuy.created_at - 900, source: 'simulator' as const };
    const server = fakeOrdersServer({ orders: [filledMarketBuy], quotes, fills: { 765: [takerFill] }, placementTicks: { 765: placementTick } });
    renderAt(<OrderDetailPage />, `${DETAIL_PATH}?id=765`);
    const fill = await screen.findByTestId('fill-1');
    expect(server.calls).toContain('GET /coin/detail?id=765');

    const summary = screen.getByTestId('order-summary');
    expect(summary.textContent).toContain('BTC/USDT');
    expect(summary.textContent).toContain('买入');
    expect(within(summary).getByTestId('order-status').textContent).toBe('完全成交');
    const facts = screen.getByTestId('order-facts');
    expect(within(facts).getByTestId('order-fact-price').textContent).toContain('市价保护价');
    expect(within(facts).getByTestId('order-fact-price').textContent).toContain('101,012.46 USDT');
    expect(facts.textContent).toContain('962.2159 USDT');
    expect(facts.textContent).toContain('0.962215 USDT');
    expect(within(facts).getByTestId('order-fact-placement-tick').textContent).toContain('#198 · 96,200.10 USDT');

    expect(fill.textContent).toContain('吃单 Taker');
    expect(fill.textContent).toContain('96,221.59');
    expect(within(fill).getByTestId('fill-tick-id').textContent).toBe('#199');
    expect(within(fill).getByTestId('fill-tick-price').textContent).toBe('96,202.34');
    expect(within(fill).getByTestId('fill-tick-source').textContent).toBe('模拟行情');
    expect(fill.textContent).toContain('+19.25 (+0.02%)');
    expect(screen.queryByTestId('order-cancel-765')).toBeNull();
  });

  it('says so when a fill has no reference tick, and cancels an open order after confirmation', async () => {
    const server = fakeOrdersServer({ orders: [restingSell], quotes, fills: { 766: [makerFill] } });
    renderOrdersPage(<OrderDetailPage />, `${DETAIL_PATH}?id=766`);
    const fill = await screen.findByTestId('fill-7');
    expect(fill.textContent).toContain('挂单 Maker');
    expect(fill.textContent).toContain('成交时没有可用的市场行情');
    expect(within(screen.getByTestId('order-summary')).getByTestId('order-status').textContent).toBe('部分成交');
    expect(screen.getByTestId('order-facts').textContent).toContain('0.03000000 BTC');

    fireEvent.click(screen.getByTestId('order-cancel-766'));
    await screen.findByTestId('cancel-dialog');
    await act(async () => {
      fireEvent.click(screen.getByText('撤单', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    });
    await waitFor(() => expect(within(screen.getByTestId('order-summary')).getByTestId('order-status').textContent).toBe('部分成交已撤销'));
    expect(server.calls).toContain('POST /coin/cancel?id=766');
    expect(screen.getByTestId('order-fact-reason').textContent).toContain('您已手动撤单');
    expect(screen.queryByTestId('order-cancel-766')).toBeNull();
  });

  it('refreshes an open order when the orders channel announces a fill', async () => {
    const server = fakeOrdersServer({ orders: [restingSell], quotes, fills: { 766: [makerFill] } });
    renderOrdersPage(<OrderDetailPage />, `${DETAIL_PATH}?id=766`);
    await screen.findByTestId('fill-7');
    const filled = { ...restingSell, filled_amount: '0.0500', remaining_amount: '0.0000', status: 'filled' as const, status_code: 2 as const };
    server.orders[0] = filled;
    pushFrame('orders', filled);
    await waitFor(() => expect(within(screen.getByTestId('order-summary')).getByTestId('order-status').textContent).toBe('完全成交'));
  });

  it('explains an order that cannot be found, with a retry', async () => {
    fakeOrdersServer({ orders: [], quotes });
    renderAt(<OrderDetailPage />, `${DETAIL_PATH}?id=404`);
    expect(await screen.findByText('委托不存在')).toBeTruthy();
    expect(screen.getByText('重试')).toBeTruthy();
  });

  it('asks for nothing without an order id', async () => {
    const server = fakeOrdersServer({ orders: [], quotes });
    renderAt(<OrderDetailPage />, DETAIL_PATH);
    expect(await screen.findByText('订单不存在或已无法查看')).toBeTruthy();
    expect(server.calls.filter((call) => call.includes('/coin/'))).toEqual([]);
  });
});
