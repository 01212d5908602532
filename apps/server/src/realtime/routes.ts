import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { isCandlePeriod } from '@openbourse/core';
import { isLanguage } from '@openbourse/i18n';
import { lookupSession } from '../platform/auth.ts';
import type { AppContext } from '../platform/context.ts';
import { MAX_BUFFERED_BYTES, RealtimeHub } from './hub.ts';

/**
 * Channels: `tickers` (every instrument), `ticker:<symbol>`, `depth:<symbol>`,
 * `trades:<symbol>`, `candles:<symbol>:<period>`, the public chat room
 * `chatroom:<lang>` and a visitor's support conversation `support:<key>`;
 * after `{op:"auth",token}` the user's own `orders`, `balances`, `events`,
 * `support` and `notifications` arrive without subscribing.
 */
export function isKnownChannel(ctx: AppContext, channel: string): boolean {
  if (channel === 'tickers') return true;
  if (channel.startsWith('chatroom:')) return isLanguage(channel.slice('chatroom:'.length));
  // A visitor's support conversation: the key is random and only given to the visitor holding the conversation's device token.
  if (channel.startsWith('support:')) return /^[A-Za-z0-9_-]{43}$/.test(channel.slice('support:'.length));
  const [kind, symbol, period] = channel.split(':');
  if (!symbol || !ctx.instruments.get(symbol)) return false;
  if (kind === 'candles') return period !== undefined && isCandlePeriod(period);
  return (kind === 'ticker' || kind === 'depth' || kind === 'trades') && period === undefined;
}

export async function registerRealtime(app: FastifyInstance, ctx: AppContext): Promise<RealtimeHub> {
  const hub = new RealtimeHub(
    (token) => lookupSession(ctx, token)?.id ?? null,
    (channel) => isKnownChannel(ctx, channel),
  );
  // In a scope of its own: the plugin's onRequest and onResponse hooks then run for /socket.io only, not for every API call.
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: 64 * 1024, perMessageDeflate: false },
      // Instead of the plugin's plain close: clients are told to reconnect, and the HTTP server, which waits for every socket, can stop.
      preClose: async () => {
        await hub.closeForRestart();
        scope.websocketServer.close();
      },
    });
    // Spec 7 names the realtime path /socket.io; the protocol is plain JSON over WebSocket.
    scope.get('/socket.io', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));
  });
  hub.start();
  app.addHook('onClose', async () => hub.stop());
  ctx.log.debug({ maxBuffered: MAX_BUFFERED_BYTES }, 'realtime ready');
  return hub;
}
