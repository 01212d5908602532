import { useEffect, useRef } from 'react';
import { sessionStore } from '../session.ts';
import { type ChannelListener, RealtimeSocket, socketUrl } from './socket.ts';

/**
 * Channels: `tickers`, `ticker:<symbol>`, `depth:<symbol>`, `trades:<symbol>`,
 * `candles:<symbol>:<period>`; signed in, also `orders` and `balances`.
 * The first frame after subscribing is a snapshot of the channel's state.
 */
export const realtime = new RealtimeSocket(() => socketUrl(window.location));

realtime.authenticate(sessionStore.get().token);
sessionStore.subscribe(() => realtime.authenticate(sessionStore.get().token));

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
