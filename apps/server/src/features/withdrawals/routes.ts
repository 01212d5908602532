import { amountRule } from '@openbourse/core';
import { z } from 'zod';
import { loadChainSettings } from '../../chains/settings.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, language, optionalId, pagination } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { secondFactorField } from '../../platform/second-factor.ts';
import { createWithdrawalService, presentWithdrawal } from './service.ts';
import { AppError } from '../../platform/errors.ts';


const withdrawBody = z.object({
  currency: z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]).describe('Currency id or symbol'),
  number: amountRule.describe('What leaves the balance, fee included; the payee receives it less the fee'),
  type: z.preprocess(blankToUndefined, z.enum(['address', 'bank', 'bank_international']).default('address')).describe('To a saved address, the bank card or the international bank card'),
  address_id: optionalId().describe('The saved address (type address)'),
  pay_password: z.string().min(1).max(64).describe('The fund password'),
  two_factor_code: secondFactorField(),
  client_oid: clientOidField(),
  lang: language(),
});

/**
 * Withdrawals: to a saved address, the bank card or the international card;
 * Lv1 or above, the fund password and two-factor when on; the amount and fee
 * are frozen until an operator pays or rejects the request in the console.
 */
export const withdrawalsFeature: Feature = (api, { ctx, guards }) => {
  const settings = loadChainSettings(ctx.config.seedDataDir, ctx.catalog);
  const service = createWithdrawalService(ctx, settings);

  api.post(
    '/wallet/out',
    {
      schema: {
        tags: ['funds'],
        summary: 'Request a withdrawal (Lv1 or above, fund password, two_factor_code when on; refused for 24 h after a security change and beyond the 24-hour limit): amount and fee are frozen until an operator decides',
        body: withdrawBody,
      },
      preHandler: [guards.requireActiveUser, guards.requireVerification(1)],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { body } = request;
      const user = currentUser(request);
      const currency = typeof body.currency === 'number' || /^\d+$/.test(body.currency) ? ctx.catalog.currency(Number(body.currency)) : ctx.catalog.currencyBySymbol(body.currency.toUpperCase());
      if (!currency || settings.assetsOf(currency.id).length === 0) throw new AppError('errors.currencyNotFound');
      const key = idempotencyKey(user.id, 'wallet.out', body.client_oid);
      return ok(
        await runOnce(ctx, key, async () => {
          const row = await service.request({
            userId: user.id,
            verificationLevel: user.verificationLevel,
            currency,
            number: body.number,
            route: body.type,
            addressId: body.address_id,
            payPassword: body.pay_password,
            secondFactor: body.two_factor_code,
          });
          return { ...presentWithdrawal(ctx, settings, row, request.lang), message: translate(request.lang, 'success.withdrawalSubmitted') };
        }),
      );
    },
  );

  api.get(
    '/user/withdraw/list',
    { schema: { tags: ['funds'], summary: 'The user\'s withdrawals, newest first, with state, fee, reason and payout reference', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(service.list(currentUser(request).id, request.query.page, request.query.limit, request.lang)),
  );
};
