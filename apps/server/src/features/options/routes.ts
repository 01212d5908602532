import { z } from 'zod';
import { decimalText } from '../../platform/amounts.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, integer, language, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey } from '../../platform/idempotency.ts';
import { loadOptionsConfig } from './config.ts';
import { createOptionsService } from './service.ts';

const tags = ['seconds options'];
/** Spec 8: the seconds list shows five a page unless asked otherwise. */
const SECONDS_LIST_LIMIT = 5;

const secondsQuery = z.object({
  match_id: z.preprocess(blankToUndefined, id().default(1)).describe('The instrument: its base currency id, quoted in USDT (1 BTC/USDT)'),
  lang: language(),
});
const submitBody = z.object({
  match_id: id().describe('The instrument: its base currency id, quoted in USDT'),
  currency_id: id().describe('The stake currency, one of /microtrade/payable_currencies'),
  type: z.enum(['up', 'down']).describe('up: wins if the settlement price is higher than the open price; down: if lower; equal refunds the stake'),
  seconds: integer().describe('The period in seconds, one of the instrument\'s periods in /microtrade/seconds (e.g. 30, 60, 120, 300); the option settles on the first feed tick at or after placement + seconds'),
  number: decimalText().describe('The stake in the stake currency, within the period\'s minimum and maximum for that currency; the period\'s fee_rate (percent of the stake) is charged on top at placement'),
  client_oid: clientOidField(),
  lang: language(),
});
const listQuery = z.object({
  match_id: z.preprocess(blankToUndefined, id().optional()).describe('Only this instrument; all when absent'),
  status: z.preprocess(blankToUndefined, z.enum(['open', 'settled']).optional()).describe('open: waiting for expiry; settled: won, lost or tied; all when absent'),
  page: pagination.page.describe('Page number, from 1'),
  limit: z.preprocess(blankToUndefined, integer().pipe(z.number().min(1)).default(SECONDS_LIST_LIMIT)).describe('Options per page (default 5, at most 100)'),
  lang: pagination.lang,
});

/**
 * Seconds options (spec 2, 3, 7, 9): periods and payouts from data/options.json,
 * the stake held in the options (micro) account, the open price the latest
 * feed tick at acceptance and the settlement price the first tick at or after
 * expiry, both recorded and shown.
 */
export const optionsFeature: Feature = (api, { ctx, guards }) => {
  const service = createOptionsService(ctx, loadOptionsConfig(ctx.config.seedDataDir, ctx.catalog, ctx.instruments));
  service.start();
  ctx.scheduler.add({ name: 'options.settlement', everyMs: 1000, run: async (now) => void (await service.settleDue(now)) });
  api.addHook('onClose', () => service.stop());

  api.get(
    '/microtrade/seconds',
    { schema: { tags, summary: 'The periods offered on an instrument: seconds, payout rate (percent of the stake a win adds), break-even win rate, stake limits per currency', querystring: secondsQuery } },
    async (request) => ok(service.periods(request.query.match_id)),
  );

  api.get(
    '/microtrade/payable_currencies',
    { schema: { tags, summary: 'The stake currencies with the user\'s options (micro) account balance in each', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.payableCurrencies(currentUser(request).id)),
  );

  api.post(
    '/microtrade/submit',
    {
      schema: {
        tags,
        summary:
          'Places an option at the latest feed tick (at most 15 s old): the stake moves to the options account\'s frozen balance until settlement. With client_oid, a repeat of the key answers the first option and places nothing.',
        body: submitBody,
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { match_id, currency_id, type, seconds, number, client_oid } = request.body;
      const userId = currentUser(request).id;
      return ok(service.submit(userId, { matchId: match_id, currencyId: currency_id, direction: type, seconds, number }, idempotencyKey(userId, 'microtrade.submit', client_oid)));
    },
  );

  api.get(
    '/microtrade/lists',
    { schema: { tags, summary: 'The user\'s options, newest first (five a page by default), with both ticks once settled', querystring: listQuery }, preHandler: guards.requireUser },
    async (request) => {
      const { match_id, status, page, limit } = request.query;
      return ok(service.ownOptions(currentUser(request).id, { matchId: match_id, status, page, limit }));
    },
  );

  api.get(
    '/microtrade/get_result',
    { schema: { tags, summary: 'One of the user\'s options: open, or won, lost or tied with the open and settlement ticks (id, time, price) and the payout', querystring: z.object({ id: id().describe('The option id, as /microtrade/submit and /microtrade/lists answer it'), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.ownOption(currentUser(request).id, request.query.id)),
  );
};
