import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPageTests, stubApi } from '../test-utils.tsx';
import { isMoneyCall, newClientOid, takesClientOid } from './money-calls.ts';
import { QUERY_DEFAULTS, queryClient } from './queries.ts';
import { ApiError, api } from './request.ts';

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

  it('lists every call that moves money or places, cancels or closes something', () => {
    for (const path of ['/coin/trade', '/coin/cancel', '/coin/cancel_all', '/wallet/out', '/wallet/change', '/user/Transfer', '/lh/deposit', '/lh/deposit/order/cancel', '/dual/buyDual', '/project/order', '/wallet/small_balances/convert']) {
      expect(isMoneyCall(path), path).toBe(true);
    }
    expect(isMoneyCall('/wallet/detail')).toBe(false);
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
    await api.post('/wallet/change', { number: '1' });
    await api.post('/wallet/change', { number: '1' });
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
