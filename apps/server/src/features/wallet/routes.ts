import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language, pagination } from '../../platform/fields.ts';
import { createWalletService } from './service.ts';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const fiat = z.preprocess(blankToUndefined, z.string().trim().max(3).default('USD'));
const reference = z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]);

const listBody = z.object({ fiat, lang: language() });
const detailBody = z.object({ currency: reference, type: z.preprocess(blankToUndefined, reference.default('change')), fiat, lang: language() });
const logBody = z.object({ currency: z.preprocess(blankToUndefined, reference.optional()), type: z.preprocess(blankToUndefined, reference.optional()), ...pagination });

export const walletFeature: Feature = (api, { ctx, guards }) => {
  const wallet = createWalletService(ctx);

  api.post(
    '/wallet/list',
    { schema: { tags: ['wallet'], summary: 'Every account with every currency it holds, valued in USDT and in the chosen fiat (default USD)', body: listBody }, preHandler: guards.requireUser },
    async (request) => ok(wallet.list(currentUser(request).id, request.lang, request.body.fiat)),
  );

  api.post(
    '/wallet/detail',
    { schema: { tags: ['wallet'], summary: 'One currency in one account: currency id or symbol; type id or code (default change)', body: detailBody }, preHandler: guards.requireUser },
    async (request) => ok(wallet.detail(currentUser(request).id, request.lang, request.body.currency, request.body.type, request.body.fiat)),
  );

  api.post(
    '/wallet/legal_log',
    { schema: { tags: ['wallet'], summary: 'The user\'s ledger postings, newest first, optionally by currency and account type', body: logBody }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      return ok(
        wallet.postings(currentUser(request).id, request.lang, {
          currency: body.currency === undefined ? undefined : wallet.resolveCurrency(body.currency),
          type: body.type === undefined ? undefined : wallet.resolveAccountType(body.type),
          page: body.page,
          limit: body.limit,
        }),
      );
    },
  );

  api.get(
    '/currency/user_currency_list',
    { schema: { tags: ['wallet'], summary: 'Every currency with the user\'s total over all accounts', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(wallet.userCurrencies(currentUser(request).id)),
  );
};
