import { dec, ticksToPrice } from '@openbourse/core';
import { z } from 'zod';
import { parseUserAmount } from '../../platform/amounts.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { createFeedPrices } from './feed-prices.ts';
import { createConversionService } from './service.ts';
import { createSmallBalanceService } from './small-balances.ts';

const decimalText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));
const fiat = z.preprocess(blankToUndefined, z.string().trim().max(3).default('USD')).describe('Fiat code (default USD)');

/** Each quote is a row: generous for a page that refreshes every 10 s, tight for a loop. */
const QUOTE_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
const QUOTE_PRUNE_EVERY_MS = 3_600_000;

const pairBody = {
  from_currency_id: id().describe('The coin given'),
  to_currency_id: id().describe('The coin received'),
};

export const convertFeature: Feature = (api, { ctx, guards }) => {
  const prices = createFeedPrices(ctx);
  const conversions = createConversionService(ctx, prices);
  const smallBalances = createSmallBalanceService(ctx, prices, conversions.presentConversion);
  ctx.scheduler.add({ name: 'conversion-quotes.prune', everyMs: QUOTE_PRUNE_EVERY_MS, run: (now) => conversions.pruneQuotes(now) });

  api.post(
    '/user/getTransferList',
    {
      schema: { tags: ['convert'], summary: 'Coins that convert into one another, with what you have available in the spot account, the fee and how long a quote lasts', body: z.object({ lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => ok(conversions.list(currentUser(request).id, request.lang)),
  );

  api.post(
    '/user/getTransferFee',
    {
      schema: {
        tags: ['convert'],
        summary: 'A conversion quote: the rate from the feed\'s last ticks (crossed through USDT), the fee, and a quote id valid for 10 seconds',
        body: z.object({ ...pairBody, lang: language() }),
      },
      preHandler: guards.requireUser,
      config: { rateLimit: QUOTE_RATE_LIMIT },
    },
    async (request) => ok(conversions.quote(currentUser(request).id, request.body.from_currency_id, request.body.to_currency_id)),
  );

  api.post(
    '/user/Transfer',
    {
      schema: {
        tags: ['convert'],
        summary: 'Convert `number` of one coin into another in the spot account at exactly the quote\'s rate; an expired, used or unknown quote is refused',
        body: z.object({ number: decimalText.describe('Amount of the coin given'), ...pairBody, quote_id: z.string().trim().min(1).max(64).describe('From /user/getTransferFee'), client_oid: clientOidField(), lang: language() }),
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { body } = request;
      const userId = currentUser(request).id;
      return ok(
        await runOnce(ctx, idempotencyKey(userId, 'convert', body.client_oid), async () =>
          conversions.convert(userId, request.lang, {
            quoteId: body.quote_id,
            fromId: body.from_currency_id,
            toId: body.to_currency_id,
            amount: (currency) => parseUserAmount(body.number, currency),
          }),
        ),
      );
    },
  );

  api.get(
    '/user/conversion/list',
    { schema: { tags: ['convert'], summary: 'Your conversions, newest first, each with the feed ticks that priced it', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(conversions.history(currentUser(request).id, request.lang, request.query.page, request.query.limit)),
  );

  api.post(
    '/wallet/small_balances',
    {
      schema: { tags: ['convert'], summary: 'Your coins worth under 1 USDT and the USDT each would become, and when the next sweep is allowed', body: z.object({ lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => ok(smallBalances.list(currentUser(request).id, request.lang)),
  );

  api.post(
    '/wallet/small_balances/convert',
    {
      schema: { tags: ['convert'], summary: 'Convert every coin worth under 1 USDT into USDT of the same account, at feed prices; at most once per 6 hours', body: z.object({ lang: language() }) },
      preHandler: guards.requireActiveUser,
    },
    async (request) => ok(smallBalances.convert(currentUser(request).id, request.lang)),
  );

  api.get(
    '/wallet/getRateCurrency',
    {
      schema: { tags: ['convert'], summary: 'A currency\'s price in USDT and in a fiat currency, with the feed tick it comes from', querystring: z.object({ id: id().describe('Currency id'), fiat, lang: language() }) },
    },
    async (request) => {
      const currency = ctx.catalog.currency(request.query.id);
      if (!currency) throw new AppError('errors.currencyNotFound');
      const rate = ctx.catalog.fiatRates.find((entry) => entry.code === request.query.fiat.toUpperCase());
      if (!rate) throw new AppError('validation.invalid', { field: { key: 'fields.fiat' } });
      const instrument = currency.id === prices.usdt.id ? undefined : ctx.instruments.byCurrencies(currency.id, prices.usdt.id);
      const last = instrument ? ctx.market.lastTick(instrument.symbol) : undefined;
      const usdtPrice = instrument && last ? ticksToPrice(instrument.def, last.priceTicks) : ctx.prices.usdtPrice(currency.id).toFixed();
      return ok({
        currency_id: currency.id,
        currency: currency.symbol,
        usdt_price: usdtPrice,
        fiat: { code: rate.code, symbol: rate.symbol, rate: rate.rate },
        fiat_price: dec(usdtPrice).times(rate.rate).toFixed(),
        tick: instrument && last ? { id: last.id, symbol: instrument.symbol, price: usdtPrice, time: last.time } : null,
      });
    },
  );
};
