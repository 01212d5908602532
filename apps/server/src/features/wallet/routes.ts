import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, optionalId, pagination } from '../../platform/fields.ts';
import { createWalletService } from './service.ts';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const fiat = z.preprocess(blankToUndefined, z.string().trim().max(3).default('USD'));
const reference = z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]);

const listBody = z.object({ fiat, lang: language() });
const detailBody = z
  .object({
    currency: z.preprocess(blankToUndefined, reference.optional()).describe('Currency id or symbol, for one currency'),
    type: z.preprocess(blankToUndefined, reference.default('change')).describe('Account type id or code (default change), with currency'),
    currency_id: optionalId().describe('A pair\'s traded asset id, with legal_id: answers both sides of the pair'),
    legal_id: z.preprocess(blankToUndefined, id().default(3)).describe('The pair\'s quote currency id (USDT, 3)'),
    fiat,
    lang: language(),
  })
  .refine((body) => body.currency !== undefined || body.currency_id !== undefined, { path: ['currency'], message: 'validation.required' });
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
    {
      schema: {
        tags: ['wallet'],
        summary: 'One currency in one account (currency, type), or both sides of a trading pair in the account it trades in (currency_id, legal_id)',
        body: detailBody,
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const userId = currentUser(request).id;
      if (body.currency !== undefined) return ok(wallet.detail(userId, request.lang, body.currency, body.type, body.fiat));
      return ok(wallet.pairDetail(userId, request.lang, body.currency_id as number, body.legal_id, body.fiat));
    },
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
