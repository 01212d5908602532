import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language } from '../../platform/fields.ts';

const MAX_STEP_MS = 400 * 24 * 3_600_000;

/** Only with CLOCK_CONTROL=1 (never in production): moves the server's clock forward and runs the jobs that became due. */
export const devClockFeature: Feature = (api, { ctx }) => {
  const clock = ctx.devClock;
  if (!clock) return;
  const present = () => ({ now: ctx.now(), offset_ms: clock.offset });
  api.get(
    '/dev/clock',
    { schema: { tags: ['dev'], summary: 'Demo clock control only: the server time and how far it was moved', querystring: z.object({ lang: language() }) } },
    async () => ok(present()),
  );
  api.post(
    '/dev/clock/advance',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo clock control only: move the server clock forward by `ms` and run every scheduled job once',
        body: z.object({ ms: z.coerce.number().int().positive().max(MAX_STEP_MS), lang: language() }),
      },
    },
    async (request) => {
      clock.advance(request.body.ms);
      await ctx.scheduler.runDue();
      return ok(present());
    },
  );
};
