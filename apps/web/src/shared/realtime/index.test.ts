import { describe, expect, it, vi } from 'vitest';
import { realtime, sharedListener } from './index.ts';

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
