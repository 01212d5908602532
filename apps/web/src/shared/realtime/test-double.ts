import { act } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type { ChannelListener } from './socket.ts';

/**
 * Test support standing in for `shared/realtime/index.ts`, so no socket
 * connects: `vi.mock('<path>/shared/realtime/index.ts', () => import('<path>/shared/realtime/test-double.ts'))`,
 * then push frames into the channels the page listens to.
 */
const listeners = new Map<string, Set<ChannelListener>>();

export const realtime = {
  listen(channel: string, listener: ChannelListener): () => void {
    const channelListeners = listeners.get(channel) ?? new Set<ChannelListener>();
    channelListeners.add(listener);
    listeners.set(channel, channelListeners);
    return () => {
      channelListeners.delete(listener);
      if (channelListeners.size === 0) listeners.delete(channel);
    };
  },
  authenticate: () => undefined,
};

export function useChannel<T>(channel: string | null, handler: (data: T, snapshot: boolean) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => (channel ? realtime.listen(channel, (data, snapshot) => latest.current(data as T, snapshot)) : undefined), [channel]);
}

export function sharedListener(channel: string, listener: ChannelListener): () => () => void {
  return () => realtime.listen(channel, listener);
}

export function pushFrame(channel: string, data: unknown, snapshot = false): void {
  act(() => {
    for (const listener of listeners.get(channel) ?? []) listener(data, snapshot);
  });
}

export const listenedChannels = (): string[] => [...listeners.keys()];

export const listenerCount = (channel: string): number => listeners.get(channel)?.size ?? 0;
