import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';

export const FEED_KEY_FILE = 'feed.key';

/**
 * The key a feed adapter (pnpm replay) presents. From FEED_KEY, or outside
 * production a key generated once under DATA_DIR that the replay script reads.
 * Production without FEED_KEY accepts no pushed prices at all.
 */
export function feedKey(config: Config): string | undefined {
  if (config.market.feedKey) return config.market.feedKey;
  if (config.production) return undefined;
  const file = join(config.dataDir, FEED_KEY_FILE);
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const decimal = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(String);

const ticksBody = z.object({
  symbol: z.string().trim().toUpperCase().max(20),
  ticks: z
    .array(z.object({ price: decimal, volume: decimal.default('0'), time: z.number().int().positive().optional() }))
    .min(1)
    .max(5000),
});

/** Recorded prices pushed by `pnpm replay`: the simulator pauses for the symbol while they flow. */
export const feedFeature: Feature = (api, { ctx }) => {
  const key = feedKey(ctx.config);
  if (!key) return;
  const expected = Buffer.from(key);

  api.post(
    '/feed/ticks',
    {
      schema: {
        tags: ['feed'],
        summary: 'Push recorded ticks (JSON, header x-feed-key): time in Unix ms keeps the recorded time, absent means now',
        body: ticksBody,
      },
    },
    async (request) => {
      const presented = Buffer.from(String(request.headers['x-feed-key'] ?? ''));
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw new AppError('errors.feedKeyInvalid');
      const instrument = ctx.instruments.get(request.body.symbol);
      if (!instrument) throw new AppError('errors.pairNotFound');
      ctx.feedControl.pauseSimulator(instrument.symbol);
      let accepted = 0;
      for (const tick of request.body.ticks) {
        if (ctx.market.ingest(instrument.symbol, tick.price, tick.volume, tick.time ?? ctx.now(), 'replay')) accepted += 1;
      }
      return ok({ accepted, ignored: request.body.ticks.length - accepted });
    },
  );
};
