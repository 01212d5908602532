import { amountRule } from '@openbourse/core';
import { z } from 'zod';
import { createChainNetwork } from '../../chains/network.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, language, oneOf, optionalText, pagination } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { scheduleChainDeposits } from './chain-deposits.ts';
import { createDepositService } from './service.ts';

const currencyReference = z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]).describe('Currency id or symbol');
const chain = z.preprocess(blankToUndefined, z.string().trim().max(10).optional()).describe('Chain (BTC, ERC20, TRC20, ...); may be left out when the currency has one');

const infoBody = z.object({ currency: currencyReference, lang: language() });
const addressBody = z.object({
  currency: currencyReference,
  chain,
  user_id: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()).describe('Only the caller\'s own id is accepted'),
  lang: language(),
});
const voucherBody = z.object({
  currency: currencyReference,
  amount: amountRule.describe('Amount paid, in the currency'),
  voucher: z.string().trim().min(1).max(200).describe('The payment voucher picture: a URL from /user/upload'),
  account: optionalText(100).describe('Where the payment came from (bank account, sending address or transaction id)'),
  type: z.preprocess(blankToUndefined, oneOf([0, 1]).default(0)).describe('0 a crypto transfer, 1 a bank transfer'),
  chain,
  lang: language(),
});

/**
 * Deposits: each chain's settings, the user's own address per chain
 * (derived from the chain's account xpub) with a QR code, payment vouchers
 * for operator review, and the record of both kinds. Chain watchers run as
 * scheduled jobs and credit deposits once they are confirmed.
 */
export const depositsFeature: Feature = (api, { ctx, guards }) => {
  const network = createChainNetwork(ctx.config, ctx.catalog, ctx.db);
  const deposits = createDepositService(ctx, network);
  scheduleChainDeposits(ctx, network);

  api.post(
    '/wallet/get_info',
    {
      schema: {
        tags: ['funds'],
        summary: 'A currency\'s chains (minimum deposit, confirmations, memo or tag, withdrawal fee, minimum and maximum, on/off with reason), bank payouts, the user\'s available balance, 24-hour withdrawal limit left and withdrawal lock',
        body: infoBody,
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      return ok(deposits.info(user.id, user.verificationLevel, request.lang, deposits.resolveCurrency(request.body.currency)));
    },
  );

  api.post(
    '/wallet/get_in_address',
    {
      schema: { tags: ['funds'], summary: 'The user\'s deposit address (and XRP destination tag) on a chain, with a QR code (PNG data URL)', body: addressBody },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const user = currentUser(request);
      // Someone else's id answers like an unknown one.
      if (body.user_id !== undefined && body.user_id !== user.id) throw new AppError('errors.recordNotFound');
      const currency = deposits.resolveCurrency(body.currency);
      return ok(await deposits.depositAddress(user.id, deposits.assetFor(currency, body.chain)));
    },
  );

  api.post(
    '/wallet/charge_req',
    {
      schema: {
        tags: ['funds'],
        summary: 'Report a deposit with its payment voucher (a bank transfer, or a transfer that did not arrive); credited when an operator approves it',
        body: voucherBody,
      },
      preHandler: guards.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request) => {
      const { body } = request;
      const user = currentUser(request);
      const currency = deposits.resolveCurrency(body.currency);
      const row = deposits.requestVoucher(user.id, { currency, chain: body.chain, amount: body.amount, account: body.account, type: body.type, voucher: body.voucher });
      return ok({ id: row.id, status: row.status, message: translate(request.lang, 'success.depositSubmitted') });
    },
  );

  api.get(
    '/recharge/log',
    { schema: { tags: ['funds'], summary: 'The user\'s deposits, newest first: chain deposits with confirmations, vouchers with their review state and reason', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(deposits.list(currentUser(request).id, request.query.page, request.query.limit, request.lang)),
  );
};
