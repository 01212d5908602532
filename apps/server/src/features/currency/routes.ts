import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language } from '../../platform/fields.ts';

export const currencyFeature: Feature = (api, { ctx }) => {
  api.get(
    '/currency/list',
    { schema: { tags: ['market'], summary: 'Tradable currencies and stocks with their chains, decimals and reference USDT price', querystring: z.object({ lang: language() }) } },
    async () =>
      ok(
        ctx.catalog.currencies.map((currency) => ({
          id: currency.id,
          symbol: currency.symbol,
          name: currency.name,
          kind: currency.kind,
          chains: currency.chains,
          scale: currency.scale,
          display_decimals: currency.displayDecimals,
          icon: currency.icon,
          usdt_price: ctx.prices.usdtPrice(currency.id).toFixed(),
        })),
      ),
  );
};
