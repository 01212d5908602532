import { onlineManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../navigation.ts';
import { setupPageTests, stubApi } from '../test-utils.tsx';
import { isMoneyCall, newClientOid, takesClientOid } from './money-calls.ts';
import { QUERY_DEFAULTS, queryClient } from './queries.ts';
import { ApiError, api, SAME_TAP_MS } from './request.ts';

setupPageTests({ signedIn: true });

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const sentParams = (fetchMock: ReturnType<typeof stubApi>['fetchMock'], index = 0) => Object.fromEntries(new URLSearchParams(String(fetchMock.mock.calls[index]?.[1]?.body ?? '')));

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('money calls while offline', () => {
  it('refuses a money call at once with the localized "network unavailable" message, sending nothing', async () => {
    setOnline(false);
    const { fetchMock } = stubApi({ '/coin/trade': { id: 1 } });
    const call = api.post('/coin/trade', { amount: '1' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ type: 'offline', message: '网络不可用，请求未发送；恢复联网后请重新点击' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing later either: going back online does not resend the refused call', async () => {
    setOnline(false);
    const { fetchMock } = stubApi({ '/wallet/out': { id: 1 } });
    await api.post('/wallet/out', { number: '1' }).catch(() => undefined);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still sends reads while the browser says offline, so cached pages refresh as soon as they can', async () => {
    setOnline(false);
    const { fetchMock } = stubApi({ '/wallet/detail': { available: '1' } });
    await expect(api.post('/wallet/detail', { currency: 'USDT' })).resolves.toEqual({ available: '1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lists every call that moves money or places, cancels, closes, claims or posts something', () => {
    for (const path of ['/coin/trade', '/coin/cancel', '/coin/cancel_all', '/wallet/out', '/wallet/change', '/user/Transfer', '/lh/deposit', '/lh/deposit/order/cancel', '/dual/buyDual', '/project/order', '/wallet/small_balances/convert', '/coupon/claim', '/support/send', '/chatroom/send']) {
      expect(isMoneyCall(path), path).toBe(true);
    }
    expect(isMoneyCall('/wallet/detail')).toBe(false);
  });
});

describe('an expired session', () => {
  it('goes to login and, once logged in again, back to the page it was on', async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    window.location.hash = '#/pages/fund/assets?tab=stock';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ type: '999', message: '登录已过期' }))));
    await expect(api.post('/wallet/list')).rejects.toMatchObject({ type: '999' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/common/login?redirect=%2Fpages%2Ffund%2Fassets%3Ftab%3Dstock', undefined), { timeout: 3000 });
  });
});

describe('a double tap', () => {
  it('is one call: an identical money call on its way, or answered a moment ago, answers the second tap too', async () => {
    setOnline(true);
    const { fetchMock } = stubApi({ '/lever/submit': { id: 11 } });
    const taps = [api.post('/lever/submit', { lots: 1, type: 1 }), api.post('/lever/submit', { lots: 1, type: 1 })];
    await expect(Promise.all(taps)).resolves.toEqual([{ id: 11 }, { id: 11 }]);
    // Answered already, but a tap this soon after is still the same one.
    await expect(api.post('/lever/submit', { lots: 1, type: 1 })).resolves.toEqual({ id: 11 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves different orders, the caller\'s own keys aside, and reads alone', async () => {
    setOnline(true);
    const { fetchMock } = stubApi({ '/coin/trade': { id: 1 }, '/wallet/detail': {} });
    await api.post('/coin/trade', { amount: '1', client_oid: 'tap-1' });
    await api.post('/coin/trade', { amount: '1', client_oid: 'tap-2' });
    await api.post('/coin/trade', { amount: '2' });
    await api.post('/wallet/detail', { currency: 'USDT' });
    await api.post('/wallet/detail', { currency: 'USDT' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/coin/trade', '/api/coin/trade', '/api/wallet/detail', '/api/wallet/detail']);
    expect(sentParams(fetchMock, 0).client_oid).toBe('tap-1');
    expect(sentParams(fetchMock, 1).amount).toBe('2');
  });

  it('is sent again once the moment has passed: a new tap is a new order', async () => {
    setOnline(true);
    const { fetchMock } = stubApi({ '/microtrade/submit': { id: 1 } });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    await api.post('/microtrade/submit', { number: '10' });
    clock.mockReturnValue(now + SAME_TAP_MS);
    await api.post('/microtrade/submit', { number: '10' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('client_oid', () => {
  it('is a fresh version 4 UUID per call', () => {
    const keys = new Set(Array.from({ length: 100 }, newClientOid));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('goes on every keyed money call: the caller\'s own, or a fresh one', async () => {
    setOnline(true);
    const { fetchMock } = stubApi({ '/wallet/change': { id: 1 }, '/wallet/detail': {} });
    await api.post('/wallet/change', { number: '1', client_oid: 'tap-7' });
    await api.post('/wallet/change', { number: '2' });
    await api.post('/wallet/change', { number: '3' });
    await api.post('/wallet/detail', { currency: 'USDT' });
    expect(sentParams(fetchMock, 0).client_oid).toBe('tap-7');
    const fresh = [sentParams(fetchMock, 1).client_oid, sentParams(fetchMock, 2).client_oid];
    expect(fresh[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh[0]).not.toBe(fresh[1]);
    expect(sentParams(fetchMock, 3)).not.toHaveProperty('client_oid');
    expect(takesClientOid('/coin/cancel')).toBe(false);
  });

  it('goes on the futures opens and closes and the seconds option, whose endpoints answer a repeated key with the first result', () => {
    for (const path of ['/lever/submit', '/lever/close', '/lever/batch_close', '/microtrade/submit']) expect(takesClientOid(path), path).toBe(true);
    expect(takesClientOid('/lever/setstop')).toBe(false);
  });
});

describe('query defaults', () => {
  it('never pauses a mutation for the connection nor retries it', () => {
    expect(QUERY_DEFAULTS.mutations).toEqual({ retry: false, networkMode: 'always' });
    expect(queryClient.getDefaultOptions().mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('runs a mutation at once while offline, so it fails now instead of waiting to be sent late', async () => {
    setOnline(false);
    onlineManager.setOnline(false);
    const { fetchMock } = stubApi({ '/coin/trade': { id: 1 } });
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => api.post('/coin/trade', { amount: '1' }) });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ type: 'offline' });
    onlineManager.setOnline(true);
    await queryClient.resumePausedMutations();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
