import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, integer, language, pagination } from '../../platform/fields.ts';
import { createContentService, PAGE_SLUGS } from './service.ts';

const langOnly = z.object({ lang: language() });

export const contentFeature: Feature = (api, { ctx }) => {
  const content = createContentService(ctx);
  const tags = ['content'];

  api.get('/getSiteConfig', { schema: { tags, summary: 'Site name, logo, public settings and the fiat exchange rates', querystring: langOnly } }, async () => ok(content.siteConfig()));

  api.get(
    '/getSetting',
    { schema: { tags, summary: 'One public setting by keyword', querystring: z.object({ keyword: z.string().trim().min(1).max(50), lang: language() }) } },
    async (request) => ok(content.setting(request.query.keyword)),
  );

  api.get('/Currency_exchange_rate', { schema: { tags, summary: 'Fiat rates against USD (USD = 1)', querystring: langOnly } }, async () => ok(ctx.catalog.fiatRates));

  api.post(
    '/news/list',
    { schema: { tags, summary: 'Articles of a category: c_id 4 news, 5 banners, 99999 new-user guide', body: z.object({ c_id: integer().default(4), ...pagination }) } },
    async (request) => ok(content.newsPage(request.body.c_id, request.lang, request.body.page, request.body.limit)),
  );

  api.post('/news/detail', { schema: { tags, summary: 'One article with its body', body: z.object({ id: id(), lang: language() }) } }, async (request) =>
    ok(content.article(request.body.id, request.lang)),
  );

  api.get('/news/index_pop', { schema: { tags, summary: 'The home pop-up notice, or null', querystring: langOnly } }, async (request) => ok(content.popup(request.lang)));

  api.get('/faq', { schema: { tags, summary: 'Frequently asked questions', querystring: langOnly } }, async (request) => ok(content.faq(request.lang)));

  for (const slug of PAGE_SLUGS) {
    api.get(`/${slug}`, { schema: { tags, summary: `The ${slug.replace('_', ' ')} page`, querystring: langOnly } }, async (request) => ok(content.page(slug, request.lang)));
  }

  api.get('/menu', { schema: { tags, summary: 'Home entries with name, icon and target route', querystring: langOnly } }, async (request) => ok(content.menu(request.lang)));

  api.post('/index/home', { schema: { tags, summary: 'Everything the home page shows in one call', body: langOnly.optional() } }, async (request) => ok(content.home(request.lang)));
};
