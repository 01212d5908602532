import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queries.ts';
import { session } from '../session.ts';
import { realtime, refreshBalances, sharedListener, useRefetchOnBalances } from './index.ts';

describe('sharedListener', () => {
  it('listens once however many users follow, and stops after the last one', () => {
    const stopListening = vi.fn();
    const listen = vi.spyOn(realtime, 'listen').mockReturnValue(stopListening);
    const listener = vi.fn();
    const follow = sharedListener('orders', listener);

    const stopFirst = follow();
    const stopSecond = follow();
    expect(listen).toHaveBeenCalledTimes(1);
    expect(listen).toHaveBeenCalledWith('orders', listener);

    stopFirst();
    expect(stopListening).not.toHaveBeenCalled();
    stopSecond();
    expect(stopListening).toHaveBeenCalledTimes(1);

    follow();
    expect(listen).toHaveBeenCalledTimes(2);
    listen.mockRestore();
  });
});

describe('balances', () => {
  it('a balances frame marks every balance query stale, on screen or not, for as long as someone is signed in', () => {
    const stopListening = vi.fn();
    const listen = vi.spyOn(realtime, 'listen').mockReturnValue(stopListening);
    useRefetchOnBalances(['options', 'payable']);
    queryClient.setQueryData(['options', 'payable'], [{ balance: '0' }]);
    queryClient.setQueryData(['market', 'list'], []);

    session.signIn('balances-token');
    const [channel, onFrame] = listen.mock.calls.find(([name]) => name === 'balances') ?? [];
    expect(channel).toBe('balances');
    onFrame?.({ time: Date.now() }, false);
    expect(queryClient.getQueryState(['options', 'payable'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['market', 'list'])?.isInvalidated).toBe(false);

    session.clear();
    expect(stopListening).toHaveBeenCalledTimes(1);
    listen.mockRestore();
    queryClient.clear();
  });

  it("the user's own transfer refreshes them without waiting for the frame", () => {
    useRefetchOnBalances(['futures', 'deal']);
    queryClient.setQueryData(['futures', 'deal'], { balance: '0' });
    refreshBalances();
    expect(queryClient.getQueryState(['futures', 'deal'])?.isInvalidated).toBe(true);
    queryClient.clear();
  });
});
