import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { session } from '../../shared/session.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import OrdersPage from './OrdersPage.tsx';
import { listenerCount, pushFrame } from '../../shared/realtime/test-double.ts';
import { fakeOrdersServer, filledMarketBuy, makeOrder, renderOrdersPage } from './orders-test-server.tsx';
import { makeQuote } from '../../shared/test-utils.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const ORDERS_PATH = '/pages/transaction/order';
const quotes = [makeQuote('BTC/USDT', { currency_id: 1, price: '96202.34' }), makeQuote('ETH/USDT', { currency_id: 2, price: '3420.15' })];

const restingSell = makeOrder({ id: 766 });
const partlyFilledSell = makeOrder({
  id: 888,
  symbol: 'ETH/USDT',
  currency_id: 2,
  price: '3419.54',
  amount: '6.0000',
  filled_amount: '4.0000',
  remaining_amount: '2.0000',
  average_price: '3419.54',
  turnover: '13678.160000',
  fee: '13.678160',
  held: '2.00000000',
  held_currency: 'ETH',
});
const cancelledByUser = makeOrder({ id: 767, symbol: 'ETH/USDT', currency_id: 2, type: 1, side: 'buy', price: '3000.00', status: 'cancelled', status_code: 2, cancel_reason: 'user' });
const selfTradeCancelled = makeOrder({ id: 770, status: 'cancelled', status_code: 2, cancel_reason: 'self_trade_prevented' });
const marketRemainderCancelled = makeOrder({
  id: 771,
  type: 1,
  side: 'buy',
  order_type: 'market',
  time_in_force: 'IOC',
  amount: '2.0000',
  filled_amount: '1.5000',
  remaining_amount: '0.5000',
  status: 'cancelled',
  status_code: 2,
  cancel_reason: 'no_liquidity',
});

const card = (id: number) => screen.getByTestId(`order-card-${id}`);

setupPageTests({ signedIn: true });

describe('OrdersPage', () => {
  it('asks visitors to log in instead of redirecting, and loads no orders', async () => {
    session.clear();
    const { calledPaths } = stubApi();
    renderAt(<OrdersPage />, ORDERS_PATH);
    expect((await screen.findByTestId('orders-visitor')).textContent).toContain('登录后查看订单');
    expect(calledPaths()).toEqual([]);
    fireEvent.click(screen.getByTestId('orders-login'));
    expect(await screen.findByTestId('login-page')).toBeTruthy();
  });

  it('lists open orders with their count, fill progress and the last price', async () => {
    fakeOrdersServer({ orders: [restingSell, partlyFilledSell, filledMarketBuy], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    await screen.findByTestId('order-card-888');
    expect(screen.getByTestId('orders-tab-open').textContent).toBe('当前委托(2)');

    const partial = card(888);
    expect(within(partial).getByTestId('order-status').textContent).toBe('部分成交');
    expect(partial.textContent).toContain('卖出');
    expect(partial.textContent).toContain('4.0000 / 6.0000 ETH');
    expect(partial.textContent).toContain('66.66%');
    expect(partial.textContent).toContain('13,678.16');
    expect(within(partial).getByTestId('order-last-price').textContent).toContain('3,420.15');
    expect(within(card(766)).getByTestId('order-status').textContent).toBe('未成交');
    expect(within(card(766)).getByTestId('order-price').textContent).toContain('99,000.00');
    expect(screen.queryByTestId('order-card-765')).toBeNull();
  });

  it('shows history with statuses and human cancel reasons, and opens an order from its card', async () => {
    fakeOrdersServer({ orders: [restingSell, filledMarketBuy, cancelledByUser, selfTradeCancelled, marketRemainderCancelled], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    await screen.findByTestId('order-card-766');
    fireEvent.click(screen.getByTestId('orders-tab-history'));
    await screen.findByTestId('order-card-765');

    expect(within(card(765)).getByTestId('order-status').textContent).toBe('完全成交');
    expect(within(card(765)).getByTestId('order-price').textContent).toContain('市价');
    expect(card(765).textContent).toContain('买入');
    expect(card(765).textContent).toContain('0.962215');
    expect(within(card(767)).getByTestId('order-status').textContent).toBe('已撤销');
    expect(within(card(767)).getByTestId('order-reason').textContent).toBe('您已手动撤单');
    expect(within(card(770)).getByTestId('order-reason').textContent).toContain('防自成交');
    expect(within(card(771)).getByTestId('order-status').textContent).toBe('部分成交已撤销');
    expect(within(card(771)).getByTestId('order-reason').textContent).toContain('对手盘深度不足');
    expect(screen.queryByTestId('order-cancel-767')).toBeNull();
    expect(screen.queryByTestId('order-card-766')).toBeNull();

    fireEvent.click(screen.getByTestId('order-open-767'));
    expect((await screen.findByTestId('detail-page')).textContent).toBe('/pages/transaction/currency_order?id=767');
  });

  it('cancels an open order after confirmation and the list follows', async () => {
    const server = fakeOrdersServer({ orders: [restingSell, partlyFilledSell], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    fireEvent.click(await screen.findByTestId('order-cancel-766'));
    const dialog = await screen.findByTestId('cancel-dialog');
    expect(dialog.textContent).toContain('BTC/USDT');
    expect(dialog.textContent).toContain('0.0500 @ 99,000.00');
    expect(server.calls.some((call) => call.startsWith('POST /coin/cancel'))).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByText('撤单', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    });
    await waitFor(() => expect(screen.queryByTestId('order-card-766')).toBeNull());
    expect(server.calls).toContain('POST /coin/cancel?id=766');
    expect(screen.getByTestId('orders-tab-open').textContent).toBe('当前委托(1)');
    expect(server.orders.find((order) => order.id === 766)?.cancel_reason).toBe('user');
  });

  it('cancels all open orders of every page in one call', async () => {
    const many = Array.from({ length: 12 }, (_, index) => makeOrder({ id: 900 + index }));
    const server = fakeOrdersServer({ orders: many, quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    await screen.findByTestId('order-card-911');
    fireEvent.click(screen.getByTestId('orders-cancel-all'));
    expect((await screen.findByTestId('cancel-all-dialog')).textContent).toContain('12');
    await act(async () => {
      fireEvent.click(screen.getByText('全部撤单', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    });
    await waitFor(() => expect(server.calls).toContain('POST /coin/cancel_all?'));
    expect(server.calls.filter((call) => call.startsWith('POST /coin/cancel?'))).toHaveLength(0);
    expect(await screen.findByTestId('orders-empty-open')).toBeTruthy();
    expect(server.orders.every((order) => order.status === 'cancelled')).toBe(true);
  });

  it('loads more history as the list scrolls', async () => {
    // happy-dom has no layout and no offsetParent; InfiniteScroll loads more only for a displayed (offset-parented) end of list.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
    });
    const history = Array.from({ length: 13 }, (_, index) => ({ ...filledMarketBuy, id: 500 + index }));
    const server = fakeOrdersServer({ orders: history, quotes });
    renderOrdersPage(<OrdersPage />, `${ORDERS_PATH}?tab=history`);
    await screen.findByTestId('order-card-512');
    await screen.findByTestId('order-card-500');
    expect(screen.getAllByTestId(/^order-card-/)).toHaveLength(13);
    expect(server.calls).toContain('GET /coin/list?status=2&page=2&limit=10');
  });

  it('narrows both lists to one pair', async () => {
    const server = fakeOrdersServer({ orders: [restingSell, partlyFilledSell], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    await screen.findByTestId('order-card-888');
    fireEvent.click(screen.getByTestId('orders-pair-filter'));
    fireEvent.click(await screen.findByTestId('orders-pair-BTC/USDT'));
    expect(await screen.findByTestId('order-card-766')).toBeTruthy();
    expect(screen.queryByTestId('order-card-888')).toBeNull();
    expect(screen.getByTestId('orders-pair-filter').textContent).toBe('BTC/USDT');
    expect(server.calls).toContain('GET /coin/list?status=1&currency_id=1&legal_id=3&page=1&limit=10');
  });

  it('shows new orders live when the orders channel announces a change', async () => {
    const server = fakeOrdersServer({ orders: [restingSell], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    await screen.findByTestId('order-card-766');
    expect(listenerCount('orders')).toBeGreaterThan(0);
    const placed = makeOrder({ id: 901, price: '98000.00' });
    server.orders.push(placed);
    pushFrame('orders', placed);
    expect(await screen.findByTestId('order-card-901')).toBeTruthy();
  });

  it('offers the markets tab when there is nothing to show', async () => {
    fakeOrdersServer({ orders: [], quotes });
    renderOrdersPage(<OrdersPage />, ORDERS_PATH);
    expect((await screen.findByTestId('orders-empty-open')).textContent).toContain('暂无当前委托');
    fireEvent.click(screen.getByTestId('orders-go-market'));
    expect(await screen.findByTestId('market-page')).toBeTruthy();
  });
});
