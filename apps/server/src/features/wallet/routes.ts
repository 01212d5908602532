import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, integer, language, optionalId, pagination } from '../../platform/fields.ts';
import { hasMessage } from '../../platform/i18n.ts';
import { createWalletService } from './service.ts';

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
const ledgerType = z
  .string()
  .trim()
  .max(40)
  .refine((value) => hasMessage(`ledgerTypes.${value}`), { message: 'validation.invalid' });
const moment = z.preprocess(blankToUndefined, integer().pipe(z.number().min(0).max(Number.MAX_SAFE_INTEGER)).optional());
const logBody = z.object({
  currency: z.preprocess(blankToUndefined, reference.optional()).describe('Currency id or symbol'),
  type: z.preprocess(blankToUndefined, reference.optional()).describe('Account type id or code'),
  kind: z.preprocess(blankToUndefined, ledgerType.optional()).describe('Posting type: transfer, conversion, spot_trade... (see ledgerTypes)'),
  from: moment.describe('From this moment on (Unix ms, inclusive)'),
  to: moment.describe('Before this moment (Unix ms, exclusive)'),
  ...pagination,
});
const coinBody = z.object({ currency: reference.describe('Currency id or symbol'), fiat, lang: language() });

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
    {
      schema: { tags: ['wallet'], summary: 'Your bills: every posting of your accounts, newest first, optionally by currency, account type, posting type and time', body: logBody },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      return ok(
        wallet.postings(currentUser(request).id, request.lang, {
          currency: body.currency === undefined ? undefined : wallet.resolveCurrency(body.currency),
          type: body.type === undefined ? undefined : wallet.resolveAccountType(body.type),
          kind: body.kind,
          from: body.from,
          to: body.to,
          page: body.page,
          limit: body.limit,
        }),
      );
    },
  );

  api.post(
    '/wallet/coin',
    {
      schema: { tags: ['wallet'], summary: 'One currency across all your accounts: the total, its value, and the balance in every account that holds it', body: coinBody },
      preHandler: guards.requireUser,
    },
    async (request) => ok(wallet.coin(currentUser(request).id, request.lang, wallet.resolveCurrency(request.body.currency), request.body.fiat)),
  );

  api.get(
    '/currency/user_currency_list',
    { schema: { tags: ['wallet'], summary: 'Every currency with the user\'s total over all accounts, and what a withdrawal can take (the spot account\'s available balance)', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(wallet.userCurrencies(currentUser(request).id)),
  );
};
