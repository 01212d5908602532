import { z } from 'zod';
import { parseUserAmount } from '../../platform/amounts.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { createTransferService } from './service.ts';

const decimalText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));
const reference = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(20));

const changeBody = z.object({
  currency_id: reference.describe('Currency id or symbol'),
  number: decimalText.describe('Amount to move, with at most the currency\'s decimals'),
  from_field: reference.describe('Account the money leaves: account type id or code (change, legal, lever, micro, stock...)'),
  to_field: reference.describe('Account the money arrives in: account type id or code'),
  client_oid: clientOidField(),
  lang: language(),
});

export const transferFeature: Feature = (api, { ctx, guards }) => {
  const transfers = createTransferService(ctx);

  api.post(
    '/wallet/change',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Move money between two of your own accounts (e.g. spot to stock): instant and free; both accounts must hold the currency',
        body: changeBody,
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { body } = request;
      const currency = transfers.resolveCurrency(body.currency_id);
      const from = transfers.resolveAccountType(body.from_field);
      const to = transfers.resolveAccountType(body.to_field);
      const amount = parseUserAmount(body.number, currency);
      const userId = currentUser(request).id;
      return ok(await runOnce(ctx, idempotencyKey(userId, 'wallet.change', body.client_oid), async () => transfers.transfer(userId, request.lang, { currency, amount, from, to })));
    },
  );

  api.get(
    '/wallet/hzhistory',
    { schema: { tags: ['wallet'], summary: 'Your transfers between accounts, newest first', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(transfers.history(currentUser(request).id, request.lang, request.query.page, request.query.limit)),
  );

  api.get(
    '/wallet/transfer_accounts',
    { schema: { tags: ['wallet'], summary: 'Every account with the currencies it holds, named in your language: what a transfer may move where', querystring: z.object({ lang: language() }) } },
    async (request) => ok(transfers.accounts(request.lang)),
  );
};
