import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ConnectionProblem } from './index.ts';
import type { ChannelListener } from './socket.ts';

/**
 * Test support standing in for `shared/realtime/index.ts`, so no socket
 * connects: `vi.mock('<path>/shared/realtime/index.ts', () => import('<path>/shared/realtime/test-double.ts'))`,
 * then push frames into the channels the page listens to.
 */
const listeners = new Map<string, Set<ChannelListener>>();
const staleChannels = new Set<string>();
const changeListeners = new Set<() => void>();

export const realtime = {
  status: 'open',
  isStale: (channel: string) => staleChannels.has(channel),
  subscribe(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },
  onReconnect: () => () => undefined,
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

export function refreshOnReconnect(): void {}

/** The rendering client's query is fetched again on a `balances` frame, as the real module does through the app's one client. */
export function useRefetchOnBalances(queryKey: QueryKey): void {
  const client = useQueryClient();
  useChannel('balances', () => void client.invalidateQueries({ queryKey }));
}

export function refreshBalances(): void {}

export function useLiveStale(channel: string | null): boolean {
  return useSyncExternalStore(realtime.subscribe, () => channel !== null && staleChannels.has(channel));
}

export function useConnectionProblem(): ConnectionProblem {
  return null;
}

/** Marks channels stale (the connection was lost) or fresh again, as the real socket would. */
export function setStale(channels: string[], stale: boolean): void {
  act(() => {
    for (const channel of channels) {
      if (stale) staleChannels.add(channel);
      else staleChannels.delete(channel);
    }
    for (const listener of changeListeners) listener();
  });
}

export function pushFrame(channel: string, data: unknown, snapshot = false): void {
  act(() => {
    for (const listener of listeners.get(channel) ?? []) listener(data, snapshot);
  });
}

export const listenedChannels = (): string[] => [...listeners.keys()];

export const listenerCount = (channel: string): number => listeners.get(channel)?.size ?? 0;
