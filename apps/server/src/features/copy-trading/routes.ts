import { z } from 'zod';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, oneOf, pagination, text } from '../../platform/fields.ts';
import { loadCopyTradingConfig, shareRateBps } from '../../platform/copy-trading-terms.ts';
import { seedDemoTraders, startDemoRule } from './demo-traders.ts';
import { createCopyTradingService } from './service.ts';

const tags = ['copy-trading'];
const HOUR_MS = 3_600_000;
/** A number typed by the user (form text or JSON number), judged by core's copyNumberHundredths. */
const copyNumber = () => z.preprocess((value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value), z.string().trim().min(1).max(32));
const traderQuery = z.object({ trader_user_id: id(), lang: language() });

export const copyTradingFeature: Feature = async (api, { ctx, guards }) => {
  const positions = ctx.leverPositions;
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  if (!positions || !usdt) throw new Error('copy trading is registered after futures (it needs ctx.leverPositions) and settles in USDT');
  const config = loadCopyTradingConfig(ctx.config.seedDataDir, usdt.scale);
  const service = createCopyTradingService(ctx, positions, config);
  if (!ctx.config.production) {
    await seedDemoTraders(ctx, config);
    startDemoRule(ctx, positions);
  }
  ctx.scheduler.add({ name: 'copy-trading.stats', everyMs: HOUR_MS, run: (now) => void service.refreshStats(now) });
  // Once every feature listens (the notification centre stores what the catch-up announces): copies a stop left open.
  api.addHook('onReady', async () => {
    const caughtUp = service.catchUpMirrors();
    if (caughtUp > 0) ctx.log.warn({ caughtUp }, 'copy trading: closed copies left open by a stop');
  });
  const viewer = (request: Parameters<typeof optionalUser>[1]) => optionalUser(ctx, request)?.id ?? null;

  api.get(
    '/follow/index',
    {
      schema: {
        tags,
        summary: 'Approved traders (public), sorted by total profit, accuracy or follower count; figures from the hourly refresh (computed_at), `following` for a logged-in caller',
        querystring: z.object({ ...pagination, sort: z.preprocess(blankToUndefined, z.enum(['profit', 'accuracy', 'followers']).default('profit')), lang: language() }),
        security: [],
      },
    },
    async (request) => ok(service.traderList(request.query.sort, request.query.page, request.query.limit, viewer(request), request.lang)),
  );

  api.get(
    '/follow/traderDetail',
    { schema: { tags, summary: "A trader's public profile: the hourly figures, a 30-day daily profit curve, open positions with their open ticks, and the caller's follow", querystring: traderQuery, security: [] } },
    async (request) => ok(service.traderDetail(request.query.trader_user_id, viewer(request), request.lang)),
  );

  api.get(
    '/follow/historyTrade',
    { schema: { tags, summary: "A trader's closed positions, newest first, with the open and close feed ticks and the close reason", querystring: z.object({ trader_user_id: id(), ...pagination }), security: [] } },
    async (request) => ok(service.historyTrade(request.query.trader_user_id, request.query.page, request.query.limit)),
  );

  api.get(
    '/follow/agreement',
    { schema: { tags, summary: 'When the caller accepted the copy trading agreement (null: not yet; following needs it)', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.agreement(currentUser(request).id)),
  );

  api.post(
    '/follow/agree',
    { schema: { tags, summary: 'Accept the copy trading agreement (once)', body: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.agree(currentUser(request).id)),
  );

  api.post(
    '/follow/follow',
    {
      schema: {
        tags,
        summary:
          "Start or edit following a trader: type 1 fixed multiple (each copy = number × the trader's lots, number rounded to two decimals, lots rounded down), type 2 fixed lots (a whole number). Each of the trader's later opens is copied into your lever account at the same feed tick; an edit is recorded in the follow's history",
        body: z.object({ trader_user_id: id(), number: copyNumber(), type: oneOf([1, 2]).describe('1 fixed multiple, 2 fixed lots'), lang: language() }),
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => ok(service.follow(currentUser(request).id, request.body.trader_user_id, request.body.type as 1 | 2, request.body.number)),
  );

  api.post(
    '/follow/cancel',
    { schema: { tags, summary: "Stop following a trader (follow_user_id = the trader's user id); copies still open stay open as your own", body: z.object({ follow_user_id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.cancel(currentUser(request).id, request.body.follow_user_id)),
  );

  api.post(
    '/follow/selfHolding',
    { schema: { tags, summary: "Turn one of your copied positions (transaction_id = its futures order id) into your own: it stays open and the trader's close no longer closes it", body: z.object({ transaction_id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.selfHolding(currentUser(request).id, request.body.transaction_id)),
  );

  api.get(
    '/follow/my',
    { schema: { tags, summary: 'Your follows with their history, your open and closed copies (page applies to the closed ones), copies that could not open and why, and your copy earnings and shares paid', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(service.myCopies(currentUser(request).id, request.query.page, request.query.limit, request.lang)),
  );

  api.get(
    '/follow/trader/me',
    { schema: { tags, summary: 'Your trader application or trader profile, whether you can apply (level, lever balance, share range), your followers and the profit shares received', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const user = currentUser(request);
      return ok(service.traderMe(user.id, user.verificationLevel, request.lang));
    },
  );

  api.post(
    '/follow/trader/apply',
    {
      schema: {
        tags,
        summary: 'Apply to become a trader (identity Lv1 or above, at least the minimum lever balance): nickname, introduction and a profit-share rate within the platform range (default when empty); an operator approves or rejects it',
        body: z.object({ nickname: text(20), introduction: text(500), share_rate: z.preprocess(blankToUndefined, z.string().max(16).optional()).describe('e.g. 0.10'), lang: language() }),
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      const shareBps = body.share_rate === undefined ? null : (shareRateBps(body.share_rate) ?? -1);
      return ok(service.apply(user.id, user.verificationLevel, { nickname: body.nickname, introduction: body.introduction, shareBps }, request.lang));
    },
  );
};
