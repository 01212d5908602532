import { LANGUAGE_CODES } from '@openbourse/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

interface Article {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  body?: string;
  image: string;
}

describe('site configuration', () => {
  it('answers site name, logo and exchange rates', async () => {
    const config = await server.get<{ settings: Record<string, string>; exchangeRate: { code: string; rate: string }[] }>('/getSiteConfig');
    expect(config.message.settings).toMatchObject({ site_name: 'OpenBourse', site_logo: '/static/logo.svg' });
    expect(config.message.exchangeRate.map((rate) => rate.code)).toEqual(['USD', 'CNY', 'HKD', 'JPY', 'KRW', 'THB', 'EUR', 'MYR', 'VND']);
    expect(config.message.exchangeRate[0]?.rate).toBe('1');
    expect((await server.raw('/static/logo.svg')).status).toBe(200);
  });

  it('answers one setting by keyword', async () => {
    expect(await server.get('/getSetting', { keyword: 'service_email' })).toEqual({ type: 'ok', message: 'support@openbourse.test' });
    expect(await server.get('/getSetting', { keyword: 'nope', lang: 'en' })).toEqual({ type: 'error', message: 'Setting not found' });
    expect((await server.get('/getSetting', { lang: 'en' })).message).toBe('Please enter keyword');
  });

  it('answers the fiat rates with USD at 1', async () => {
    const rates = await server.get<{ code: string; rate: string }[]>('/Currency_exchange_rate');
    expect(rates.message.find((rate) => rate.code === 'USD')?.rate).toBe('1');
    expect(rates.message).toHaveLength(9);
  });
});

describe('news and pages', () => {
  it('lists news, banners and the new-user guide by category, in every language', async () => {
    for (const lang of LANGUAGE_CODES) {
      for (const c_id of [4, 5, 99999]) {
        const page = await server.post<{ list: Article[]; total: number }>('/news/list', { c_id, limit: 20 }, { lang });
        expect(page.message.total).toBeGreaterThan(0);
        for (const article of page.message.list) {
          expect(article.c_id).toBe(c_id);
          expect(article.title.length).toBeGreaterThan(0);
        }
      }
    }
    const zh = await server.post<{ list: Article[] }>('/news/list', { c_id: 4 }, { lang: 'zh' });
    const en = await server.post<{ list: Article[] }>('/news/list', { c_id: 4 }, { lang: 'en' });
    expect(zh.message.list[0]?.title).not.toBe(en.message.list[0]?.title);
  });

  it('answers an article with its body, and a clear error for a missing one', async () => {
    const list = await server.post<{ list: Article[] }>('/news/list', { c_id: 4 }, { lang: 'en' });
    const first = list.message.list[0] as Article;
    const detail = await server.post<Article>('/news/detail', { id: first.id }, { lang: 'en' });
    expect(detail.message.body?.length).toBeGreaterThan(100);
    expect(await server.post('/news/detail', { id: 987654 }, { lang: 'en' })).toEqual({ type: 'error', message: 'Article not found' });
    expect(await server.post('/news/detail', { id: "1 OR 1=1" }, { lang: 'en' })).toEqual({ type: 'error', message: 'id is not valid' });
  });

  it('answers the pop-up notice', async () => {
    const popup = await server.get<Article | null>('/news/index_pop', {}, { lang: 'en' });
    expect(popup.message?.title.length).toBeGreaterThan(0);
  });

  it('answers the FAQ and the fixed pages in the language asked for', async () => {
    const faqEn = await server.get<{ question: string; answer: string }[]>('/faq', {}, { lang: 'en' });
    const faqJp = await server.get<{ question: string; answer: string }[]>('/faq', {}, { lang: 'jp' });
    expect(faqEn.message.length).toBeGreaterThanOrEqual(10);
    expect(faqJp.message[0]?.question).not.toBe(faqEn.message[0]?.question);
    for (const slug of ['aboutus', 'contactus', 'operational_compliance']) {
      const page = await server.get<{ title: string; body: string }>(`/${slug}`, {}, { lang: 'fra' });
      expect(page.message.body.length).toBeGreaterThan(100);
    }
  });

  it('answers the home menu with names, icons and routes, and the home page in one call', async () => {
    const menu = await server.get<{ key: string; name: string; icon: string; route: string }[]>('/menu', {}, { lang: 'en' });
    expect(menu.message).toHaveLength(21);
    expect(menu.message[0]).toEqual({ key: 'assets', name: 'Assets', icon: '/static/menu/sprite.svg#assets', route: '/pages/fund/assets' });
    // Every menu icon is a view of one sprite, so the menu costs one request.
    const sprite = await server.raw(menu.message[0]?.icon ?? '');
    expect(sprite.headers.get('content-type')).toContain('image/svg+xml');
    const views = [...(await sprite.text()).matchAll(/<view id="([\w-]+)"/g)].map((match) => match[1]);
    expect(views).toEqual(menu.message.map((entry) => entry.key));
    const home = await server.post<{ banners: Article[]; notices: Article[]; menu: unknown[]; site: { name: string } }>('/index/home', {}, { lang: 'kor' });
    expect(home.message.site.name).toBe('OpenBourse');
    expect(home.message.banners.length).toBeGreaterThan(0);
    expect(home.message.notices.length).toBeGreaterThan(0);
    expect(home.message.menu).toHaveLength(21);
  });

  it('serves coin icons, with a monogram for symbols without a published icon', async () => {
    const btc = await server.raw('/static/coins/btc.svg');
    expect(btc.status).toBe(200);
    const aapl = await server.raw('/static/coins/AAPL.svg');
    expect(await aapl.text()).toContain('>AA<');
    expect((await server.raw('/static/coins/..%2Fsecret.svg')).status).toBe(404);
  });

  it('serves every currency icon as a view of one sprite, with the ids inside each icon kept apart', async () => {
    const currencies = await server.get<{ symbol: string; icon: string }[]>('/currency/list');
    const btc = currencies.message.find((currency) => currency.symbol === 'BTC');
    expect(btc?.icon).toBe('/static/coins/sprite.svg#btc');
    const sprite = await (await server.raw('/static/coins/sprite.svg')).text();
    for (const currency of currencies.message) expect(sprite).toContain(`<view id="${currency.symbol.toLowerCase()}"`);
    // ADA's published icon defines a filter with id "a"; in the sprite it is ADA's own.
    expect(sprite).toContain('id="ada-a"');
    expect(sprite).not.toMatch(/\bid="a"/);
  });
});

describe('production mode', () => {
  it('refuses to start without SMTP settings', async () => {
    await expect(startServer({ NODE_ENV: 'production' })).rejects.toThrow(/SMTP_URL/);
  });

  it('has no dev outbox and seeds no user', async () => {
    const production = await startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    const response = await production.raw('/api/dev/outbox?to=demo@openbourse.test');
    expect(response.status).toBe(404);
    expect((await production.post('/user/login', { user_string: 'demo@openbourse.test', password: 'Demo12345' }, { lang: 'en' })).message).toBe(
      'Login failed: wrong account or password',
    );
    await production.close();
  });
});
