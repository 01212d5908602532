import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { queryClient } from '../api/queries.ts';
import { sessionStore } from '../session.ts';
import { type ChannelListener, RealtimeSocket, socketUrl } from './socket.ts';

/**
 * Channels: `tickers`, `ticker:<symbol>`, `depth:<symbol>`, `trades:<symbol>`,
 * `candles:<symbol>:<period>`; signed in, also `orders`, `balances` and
 * `events` (the user's own money events, e.g. an option settled).
 * The first frame after subscribing is a snapshot of the channel's state.
 */
export const realtime = new RealtimeSocket(() => socketUrl(window.location));

realtime.authenticate(sessionStore.get().token);
sessionStore.subscribe(() => realtime.authenticate(sessionStore.get().token));
window.addEventListener('offline', () => realtime.networkLost());
window.addEventListener('online', () => realtime.networkBack());

/** Query caches that realtime frames keep current: while the socket was down they missed changes. */
const keptFreshByRealtime: QueryKey[] = [];

/**
 * Registers a query cache that a channel keeps current (by merging frames into
 * it or invalidating it on a frame): after a lost connection it is fetched
 * again, since the frames sent meanwhile never arrived. Call once per module.
 */
export function refreshOnReconnect(queryKey: QueryKey): void {
  keptFreshByRealtime.push(queryKey);
}

realtime.onReconnect(() => {
  for (const queryKey of keptFreshByRealtime) void queryClient.invalidateQueries({ queryKey });
});

/** True while the channel's data on screen may be out of date (the connection was lost, nothing fresh since): show it greyed. */
export function useLiveStale(channel: string | null): boolean {
  return useSyncExternalStore(realtime.subscribe, () => channel !== null && realtime.isStale(channel));
}

function subscribeToNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export type ConnectionProblem = 'offline' | 'reconnecting' | null;

/** What the connection bar says: the browser is offline, or the realtime socket lost its connection and is getting it back. */
export function useConnectionProblem(): ConnectionProblem {
  const online = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
  const status = useSyncExternalStore(realtime.subscribe, () => realtime.status);
  if (!online) return 'offline';
  return status === 'reconnecting' ? 'reconnecting' : null;
}

/** Listens to a channel while the component is mounted; `null` listens to nothing. The latest handler is always called. */
export function useChannel<T>(channel: string | null, handler: (data: T, snapshot: boolean) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return;
    const listener: ChannelListener = (data, snapshot) => latest.current(data as T, snapshot);
    return realtime.listen(channel, listener);
  }, [channel]);
}

/** The queries that show the user's balances (see useRefetchOnBalances), by their key. */
const balanceQueries = new Map<string, QueryKey>();

/**
 * Money moved: every query that shows a balance is stale. The ones on screen
 * fetch again at once, the others when their page is shown again (a page
 * left for the transfer form and returned to with Back).
 */
export function refreshBalances(): void {
  for (const queryKey of balanceQueries.values()) void queryClient.invalidateQueries({ queryKey });
}

// Followed for as long as someone is signed in, not only while a page that shows a balance is mounted: a frame that arrives meanwhile still marks the cached balances stale.
let stopFollowingBalances: (() => void) | null = null;
function followBalancesWhileSignedIn(): void {
  const signedIn = sessionStore.get().token !== null;
  if (signedIn && !stopFollowingBalances) stopFollowingBalances = realtime.listen('balances', refreshBalances);
  if (!signedIn && stopFollowingBalances) {
    stopFollowingBalances();
    stopFollowingBalances = null;
  }
}
followBalancesWhileSignedIn();
sessionStore.subscribe(followBalancesWhileSignedIn);
realtime.onReconnect(refreshBalances);

/**
 * Marks a query as one that shows the user's balances: it is fetched again
 * whenever the server says they changed (`balances`), whichever page or tab
 * moved them (an order, a transfer, a settlement), and after the user's own
 * transfers (refreshBalances).
 */
export function useRefetchOnBalances(queryKey: QueryKey): void {
  balanceQueries.set(JSON.stringify(queryKey), queryKey);
}

/**
 * One listener for a channel however many components need it (a cache update
 * that must run once per frame, not once per mounted hook). The returned
 * function starts following and answers how to stop, as an effect does.
 */
export function sharedListener(channel: string, listener: ChannelListener): () => () => void {
  let users = 0;
  let stop: (() => void) | null = null;
  return () => {
    users += 1;
    stop ??= realtime.listen(channel, listener);
    return () => {
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = null;
      }
    };
  };
}
