import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Schemas of the files under data/: a malformed seed file stops the server at start, not a user later. */
const currencyFile = z.array(
  z.object({
    id: z.number().int().positive(),
    symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
    name: z.string().min(1),
    kind: z.enum(['crypto', 'stock']),
    scale: z.number().int().min(0).max(10),
    display_decimals: z.number().int().min(0).max(10),
    chains: z.array(z.string()),
    icon: z.string(),
    reference_price: z.string().regex(/^\d+(\.\d+)?$/),
    sort: z.number().int(),
  }),
);

const accountTypeFile = z.array(
  z.object({ id: z.number().int().positive(), code: z.string().min(1), currencies: z.array(z.string()), sort: z.number().int() }),
);

const fiatRateFile = z.array(
  z.object({ code: z.string().length(3), name: z.string(), symbol: z.string(), rate: z.string().regex(/^\d+(\.\d+)?$/), sort: z.number().int() }),
);

const siteFile = z.object({ site_name: z.string(), site_logo: z.string(), settings: z.record(z.string(), z.string()) });

const menuFile = z.array(z.object({ key: z.string(), icon: z.string(), route: z.string().startsWith('/pages/') }));

const localizedText = <T extends z.ZodRawShape>(shape: T) => z.record(z.string(), z.object(shape));

const newsFile = z.array(
  z.object({
    id: z.number().int().positive(),
    c_id: z.number().int(),
    image: z.string(),
    link: z.string(),
    popup: z.boolean(),
    sort: z.number().int(),
    published_at: z.string(),
    i18n: localizedText({ title: z.string().min(1), summary: z.string(), body: z.string() }),
  }),
);

const faqFile = z.array(
  z.object({ id: z.number().int().positive(), sort: z.number().int(), i18n: localizedText({ question: z.string().min(1), answer: z.string().min(1) }) }),
);

const pagesFile = z.record(z.string(), localizedText({ title: z.string().min(1), body: z.string().min(1) }));

export type CurrencySeed = z.infer<typeof currencyFile>[number];
export type AccountTypeSeed = z.infer<typeof accountTypeFile>[number];
export type MenuEntrySeed = z.infer<typeof menuFile>[number];

function readJson<T>(dataDir: string, file: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(readFileSync(join(dataDir, file), 'utf8')));
}

export function loadSeedFiles(dataDir: string) {
  return {
    currencies: readJson(dataDir, 'currencies.json', currencyFile),
    accountTypes: readJson(dataDir, 'account-types.json', accountTypeFile),
    fiatRates: readJson(dataDir, 'fiat-rates.json', fiatRateFile),
    site: readJson(dataDir, 'site.json', siteFile),
    menu: readJson(dataDir, 'menu.json', menuFile),
    news: readJson(dataDir, 'content/news.json', newsFile),
    faq: readJson(dataDir, 'content/faq.json', faqFile),
    pages: readJson(dataDir, 'content/pages.json', pagesFile),
  };
}

export type SeedFiles = ReturnType<typeof loadSeedFiles>;
