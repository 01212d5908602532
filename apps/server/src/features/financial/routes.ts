import { z } from 'zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, language } from '../../platform/fields.ts';
import { createFinancialService } from './service.ts';

const overviewQuery = z.object({ fiat: z.preprocess(blankToUndefined, z.string().trim().max(3).default('USD')).describe('Fiat to value holdings and earnings in (default USD)'), lang: language() });

/** The financial overview (pages/financial/index): every earn product, and with a session the user's holdings, earnings and next payments. */
export const financialFeature: Feature = (api, { ctx }) => {
  const service = createFinancialService(ctx);
  api.get(
    '/financial/overview',
    {
      schema: {
        tags: ['financial'],
        summary: 'Every earn product in one place; signed in, also locked amounts, yields to date, next payments, dual orders settling and total earnings in the chosen fiat',
        querystring: overviewQuery,
      },
    },
    async (request) => ok(service.overview(optionalUser(ctx, request)?.id ?? null, request.lang, request.query.fiat)),
  );
};
