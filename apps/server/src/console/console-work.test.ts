import { LANGUAGE_CODES } from '@openbourse/i18n';
import { desc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, envelopeOf, signIn, type TestOperator } from '../../test/console.ts';
import { bindPhone, credit, pushTicks, registerUser, restartServer, startServer, TINY_PNG, type TestServer, uniquePhone, upload } from '../../test/harness.ts';
import { auditLog, consoleContent, loginEvents } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import type { UserEvent } from '../market/bus.ts';
import { reviewTraderApplication } from '../platform/trader-application-review.ts';
import { REVIEW_QUEUES } from './queues/registry.ts';

let server: TestServer;
let admin: ConsoleClient;
let adminOperator: TestOperator;
let adminId: number;

beforeAll(async () => {
  server = await startServer();
  adminOperator = await createOperator(server, 'admin');
  adminId = adminOperator.id;
  admin = await signIn(server, adminOperator);
});

interface Page<T> {
  list: T[];
  total: number;
}

interface QueueItem {
  id: number;
  user_id: number;
  account: string;
  level: number;
  status: string;
}

interface AuditEntry {
  id: number;
  actor: string;
  operator_id: number | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
}

let documentCounter = 0;

/** A user who asked for Lv1 with a passport picture, as the H5 app does it. */
async function submittedLv1() {
  documentCounter += 1;
  const user = await registerUser(server);
  await bindPhone(server, user.token, uniquePhone());
  const front = (await upload(server, user.token, TINY_PNG)).message;
  const submitted = await server.post('/user/real', { real_type: 1, id_type: 2, name: 'Grace Hopper', card_id: `G${Date.now() % 1_000_000}${documentCounter}`, front_pic: front }, { token: user.token });
  if (submitted.type !== 'ok') throw new Error(JSON.stringify(submitted));
  const item = (await admin.get<Page<QueueItem>>('/queues/verification', { limit: 100 })).message.list.find((entry) => entry.account === user.email);
  if (!item) throw new Error('the request is not in the queue');
  return { ...user, front, requestId: item.id, userId: item.user_id };
}

/** The newest audit record of an action on a target. */
async function lastAudit(action: string, targetId: string | number): Promise<AuditEntry | undefined> {
  const page = await admin.get<Page<AuditEntry>>('/audit', { action, target_id: String(targetId) });
  return page.message.list[0];
}

function capturedUserEvents(): UserEvent[] {
  const events: UserEvent[] = [];
  server.built.ctx.bus.on('user', (event) => events.push(event));
  return events;
}

describe('identity verification queue', () => {
  it('shows the request with its picture to operators only, approves it, and tells the user', async () => {
    const events = capturedUserEvents();
    const user = await submittedLv1();
    const detail = await admin.get<{ name: string; card_id: string; images: { side: string; url: string }[]; user: { email: string }; reject_reasons: { code: string; text: string }[] }>(
      `/queues/verification/${user.requestId}`,
    );
    expect(detail.message).toMatchObject({ name: 'Grace Hopper', user: { email: user.email } });
    expect(detail.message.reject_reasons.map((reason) => reason.code)).toEqual(['blurred', 'mismatch', 'expired', 'incomplete']);
    const front = detail.message.images.find((image) => image.side === 'front');
    expect(front?.url).toBe(`/api/console/queues/verification/${user.requestId}/images/front`);

    const picture = await server.raw(front?.url as string, { headers: { cookie: admin.cookie as string } });
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await picture.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await envelopeOf(await server.raw(front?.url as string))).type).toBe('999');
    expect((await envelopeOf(await server.raw(front?.url as string, { headers: { authorization: `Bearer ${user.token}` } }))).type).toBe('999');

    expect((await admin.post(`/queues/verification/${user.requestId}/approve`)).type).toBe('ok');
    expect((await server.get<{ level: number; state: string }>('/real/state', {}, { token: user.token })).message).toMatchObject({ level: 1, state: 'verified' });
    expect(events).toContainEqual(expect.objectContaining({ userId: user.userId, kind: 'verification.approved', refType: 'identity_verification', refId: user.requestId }));
    const mail = (await server.get<{ subject: string }[]>('/dev/outbox', { to: user.email })).message[0];
    expect(mail?.subject).toBe('OpenBourse 身份认证已通过');

    const audit = await lastAudit('verification.approve', user.requestId);
    expect(audit).toMatchObject({ operator_id: adminId, ip: admin.ip, before: { status: 'review' }, after: { status: 'verified' } });
    expect((await admin.post(`/queues/verification/${user.requestId}/approve`)).message).toBe('This verification request is not under review');
  });

  it('rejects with a listed reason each user reads in their language, or a written one', async () => {
    const events = capturedUserEvents();
    const listed = await submittedLv1();
    // The user switched the app to English: the decision's mail is written in it.
    expect((await server.post('/user/lang', { lang: 'en' }, { token: listed.token })).type).toBe('ok');
    expect((await admin.post(`/queues/verification/${listed.requestId}/reject`)).message).toBe('Choose or write a reason for the rejection');
    expect((await admin.post(`/queues/verification/${listed.requestId}/reject`, { reason_code: 'expired' })).type).toBe('ok');
    expect((await server.get<{ reason: string }>('/real/state', { lang: 'en' }, { token: listed.token })).message.reason).toBe('The document has expired');
    expect((await server.get<{ reason: string }>('/real/state', { lang: 'zh' }, { token: listed.token })).message.reason).toBe('证件已过期');
    expect(events).toContainEqual(expect.objectContaining({ userId: listed.userId, kind: 'verification.rejected', params: { level: 1, reason_code: 'expired' } }));
    // The notification centre writes the listed reason in the language of whoever reads it.
    const rejection = async (lang: string) =>
      (await server.get<{ list: { kind: string; content: string }[] }>('/notice/list', { limit: 50 }, { token: listed.token, lang })).message.list.find((notice) => notice.kind === 'verification.rejected')?.content;
    expect(await rejection('en')).toBe('Your identity verification (level 1) was rejected: The document has expired');
    expect(await rejection('zh')).toBe('您的身份认证（1 级）未通过：证件已过期');
    const mail = (await server.get<{ subject: string; text: string }[]>('/dev/outbox', { to: listed.email })).message[0];
    expect(mail?.subject).toBe('OpenBourse: identity verification not approved');
    expect(mail?.text).toContain('Reason: The document has expired.');
    expect(mail?.text).toContain('Our support staff will never ask for your password');

    const written = await submittedLv1();
    await admin.post(`/queues/verification/${written.requestId}/reject`, { reason: 'Please hold the passport flat' });
    expect((await server.get<{ reason: string }>('/real/state', { lang: 'en' }, { token: written.token })).message.reason).toBe('Please hold the passport flat');
    const audit = await lastAudit('verification.reject', written.requestId);
    expect(audit).toMatchObject({ operator_id: adminId, before: { status: 'review', reason: null }, after: { status: 'failed', reason: 'Please hold the passport flat' } });
  });

  it('counts what is pending on the dashboard, from the queue registry', async () => {
    const before = (await admin.get<{ queues: { key: string; pending: number }[] }>('/dashboard')).message.queues[0]?.pending ?? 0;
    await submittedLv1();
    const dashboard = await admin.get<{ queues: { key: string; pending: number }[]; deposits_pending: number; withdrawals_pending: number }>('/dashboard');
    expect(dashboard.message.queues.map((queue) => queue.key)).toEqual(REVIEW_QUEUES.map((queue) => queue.key));
    expect(dashboard.message.queues.slice(0, 3)).toEqual([
      { key: 'verification', pending: before + 1, can_decide: true },
      { key: 'deposits', pending: 0, can_decide: true },
      { key: 'withdrawals', pending: 0, can_decide: true },
    ]);
    expect(dashboard.message).toMatchObject({ deposits_pending: 0, withdrawals_pending: 0 });
  });
});

describe('users', () => {
  it('finds users by id, email or phone and shows everything about one', async () => {
    const user = await registerUser(server);
    const phone = uniquePhone();
    await bindPhone(server, user.token, phone);
    credit(server, user.email, '250', 'USDT');
    const [found] = (await admin.get<{ id: number; email: string }[]>('/users', { q: user.email.toUpperCase() })).message;
    expect(found?.email).toBe(user.email);
    expect((await admin.get<{ id: number }[]>('/users', { q: phone.slice(-8) })).message.map((row) => row.id)).toContain(found?.id);
    expect((await admin.get<{ id: number }[]>('/users', { q: String(found?.id) })).message.map((row) => row.id)).toContain(found?.id);
    expect((await admin.get<unknown[]>('/users', { q: '%' })).message).toEqual([]);

    const id = found?.id as number;
    server.built.ctx.db.insert(loginEvents).values({ userId: id, success: false, failure: 'password', ip: '203.0.113.9', userAgent: 'Test', createdAt: server.built.ctx.now() }).run();
    const profile = await admin.get<{ balances: { account_type: string; currency: string; available: string }[] }>(`/users/${id}`);
    expect(profile.message.balances).toContainEqual(expect.objectContaining({ account_type: 'change', currency: 'USDT', available: '250.000000' }));
    const postings = await admin.get<Page<{ type: string; amount: string }>>(`/users/${id}/postings`);
    expect(postings.message.list[0]).toMatchObject({ type: 'demo_credit', amount: '250.000000' });
    expect((await admin.get<Page<{ ip: string }>>(`/users/${id}/logins`)).message.list[0]).toMatchObject({ ip: '203.0.113.9', success: false });
    expect((await admin.get<Page<AuditEntry>>(`/users/${id}/audit`)).message.list[0]).toMatchObject({ action: 'ledger.demo_credit', target_id: String(id) });
    expect((await admin.get(`/users/99999999`)).message).toBe('Account not found');
  });

  it('shows a user\'s futures and seconds options with the feed ticks that opened, closed and decided them', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '1000', 'USDT', 3);
    credit(server, user.email, '100', 'USDT', 4);
    const id = (await admin.get<{ id: number }[]>('/users', { q: user.email })).message[0]?.id as number;
    const tick = async (price: string) => {
      await pushTicks(server, 'ETH/USDT', [{ price, volume: '1', time: server.built.ctx.now() }]);
      return server.built.ctx.market.lastTick('ETH/USDT')?.id as number;
    };
    const openTick = await tick('3000');
    const opened = await server.post<{ id: number }>('/lever/submit', { currency_id: 2, legal_id: 3, type: 1, lots: 1, multiple: 10, target_profit_price: '3100' }, { token: user.token });
    const option = await server.post<{ id: number }>('/microtrade/submit', { match_id: 2, currency_id: 3, type: 'up', seconds: 30, number: '10' }, { token: user.token });
    const closeTick = await tick('3100');

    const futures = (await admin.get<Page<Record<string, unknown>>>(`/users/${id}/futures`, { lang: 'en' })).message;
    expect(futures.list).toEqual([
      expect.objectContaining({ id: opened.message.id, symbol: 'ETH/USDT', side: 'long', status: 'closed', open_tick_id: openTick, take_profit: '3100.00', close_reason: 'take_profit', close_tick: { id: closeTick, time: expect.any(Number), price: '3100.00' }, house_absorbed: '0.000000' }),
    ]);
    const options = (await admin.get<Page<Record<string, unknown>>>(`/users/${id}/options`, { lang: 'en' })).message;
    expect(options.list).toEqual([
      expect.objectContaining({ id: option.message.id, symbol: 'ETH/USDT', direction: 'up', seconds: 30, currency: 'USDT', stake: '10.000000', status: 'open', open_tick: { id: openTick, time: expect.any(Number), price: '3000.00' }, settle_tick: null }),
    ]);
    expect((await admin.get(`/users/99999999/futures`, { lang: 'en' })).message).toBe('Account not found');
  });

  it('shows a user\'s earn records and copy trading, only theirs, read-only', async () => {
    const userIdOf = async (email: string) => (await admin.get<{ id: number }[]>('/users', { q: email })).message[0]?.id as number;
    const user = await registerUser(server);
    credit(server, user.email, '100000', 'USDT');
    credit(server, user.email, '100000', 'USDT', 3);
    const id = await userIdOf(user.email);
    const product = (await server.get<{ id: number; currency: string; min_amount: string }[]>('/lh/deposit/config')).message.find((entry) => entry.currency === 'USDT');
    const locked = await server.post<{ id: number }>('/lh/deposit', { config_id: product?.id, amount: '100' }, { token: user.token, lang: 'en' });
    expect(locked.type).toBe('ok');

    const earn = (await admin.get<Page<Record<string, unknown>>>(`/users/${id}/earn`, { kind: 'lock_mining' })).message;
    expect(earn.total).toBe(1);
    expect(earn.list[0]).toMatchObject({ id: locked.message.id, product_id: product?.id, currency: 'USDT', amount: '100.000000', status: 'running', days_paid: 0, yield_paid: '0.000000', penalty: null, refund: null, closed_at: null });
    expect(earn.list[0]).toEqual(expect.objectContaining({ lock_days: expect.any(Number), locked_at: expect.any(Number), expires_at: expect.any(Number), daily_rate_percent: { min: expect.any(String), max: expect.any(String) } }));
    for (const kind of ['ieo', 'dual']) expect((await admin.get<Page<unknown>>(`/users/${id}/earn`, { kind })).message).toMatchObject({ list: [], total: 0 });
    expect((await admin.get(`/users/${id}/earn`, { kind: 'savings', lang: 'en' })).type).toBe('error');

    // A trader (an approved application) whom the user follows at 0.5× their lots: 10 lots copy as 5, 1 lot rounds to nothing and is skipped.
    const trader = await registerUser(server);
    credit(server, trader.email, '100000', 'USDT', 3);
    const traderId = await userIdOf(trader.email);
    server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = 1 WHERE id = ?').run(traderId);
    const applied = await server.post<{ id: number }>('/follow/trader/apply', { nickname: 'Console Desk', introduction: 'Trend', share_rate: '0.10' }, { token: trader.token });
    reviewTraderApplication(server.built.ctx, applied.message.id, { approve: true }, { actor: 'test@ops' });
    await server.post('/follow/agree', {}, { token: user.token });
    expect((await server.post('/follow/follow', { trader_user_id: traderId, type: 1, number: '0.5' }, { token: user.token })).type).toBe('ok');
    await pushTicks(server, 'ETH/USDT', [{ price: '3000', volume: '1', time: server.built.ctx.now() }]);
    const openTick = server.built.ctx.market.lastTick('ETH/USDT')?.id as number;
    const open = async (lots: number) => (await server.post<{ id: number }>('/lever/submit', { currency_id: 2, legal_id: 3, type: 1, lots, multiple: 10 }, { token: trader.token })).message.id;
    const copiedOrder = await open(10);
    const skippedOrder = await open(1);

    const copy = (await admin.get<{ trader: unknown; follows: unknown[]; copies: Page<unknown>; skips: unknown[]; skips_total: number }>(`/users/${id}/copy-trading`, { lang: 'en' })).message;
    expect(copy.trader).toBeNull();
    expect(copy.follows).toEqual([expect.objectContaining({ trader_user_id: traderId, trader_nickname: 'Console Desk', type: 1, number: '0.50', status: 'following', since: expect.any(Number) })]);
    expect(copy.copies).toMatchObject({ total: 1, list: [{ trader_user_id: traderId, trader_order_id: copiedOrder, symbol: 'ETH/USDT', side: 'long', lots: 5, status: 'holding', open_tick_id: openTick, close_tick_id: null, linked: true, pnl: null, profit_share: '0.000000' }] });
    expect(copy.skips).toEqual([expect.objectContaining({ trader_order_id: skippedOrder, symbol: 'ETH/USDT', reason_key: 'futures.lotsOutOfRange', reason: 'Lots must be between 1 and 1000' })]);
    expect(copy.skips_total).toBe(1);
    const asTrader = (await admin.get<{ trader: unknown; follows: unknown[]; copies: Page<unknown> }>(`/users/${traderId}/copy-trading`)).message;
    expect(asTrader).toMatchObject({ trader: { nickname: 'Console Desk', share_rate: '0.10', follower_count: 1 }, follows: [], copies: { list: [], total: 0 } });
    expect((await admin.get<Page<unknown>>(`/users/${traderId}/earn`)).message.total).toBe(0);

    for (const path of ['earn', 'copy-trading']) expect((await admin.get(`/users/99999999/${path}`, { lang: 'en' })).message).toBe('Account not found');
  });

  it('freezes a user, who can look but not trade, sees why, and can still cancel', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '1000', 'USDT');
    const id = (await admin.get<{ id: number }[]>('/users', { q: user.email })).message[0]?.id as number;
    const order = { amount: '0.001', target_price: '20000', currency_id: 1, legal_id: 3, type: 1 };
    expect((await server.post('/coin/trade', order, { token: user.token })).type).toBe('ok');

    expect((await admin.post(`/users/${id}/freeze`, { reason: 'Suspicious activity under review' })).type).toBe('ok');
    const info = await server.get<{ frozen: { at: number; reason: string } | null }>('/user/info', {}, { token: user.token });
    expect(info.message.frozen).toEqual({ at: expect.any(Number), reason: 'Suspicious activity under review' });
    expect(await server.post('/coin/trade', order, { token: user.token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Your account is frozen (Suspicious activity under review): trading, transfers and withdrawals are unavailable. Please contact customer service if you have questions',
    });
    expect((await server.post('/coin/cancel_all', {}, { token: user.token })).type).toBe('ok');
    expect((await server.post('/wallet/list', {}, { token: user.token })).type).toBe('ok');
    expect((await admin.post(`/users/${id}/freeze`, { reason: 'again' })).message).toBe('This user is already frozen');

    const freezeAudit = await lastAudit('user.freeze', id);
    expect(freezeAudit).toMatchObject({ operator_id: adminId, before: { frozenAt: null, frozenReason: null }, after: { frozenReason: 'Suspicious activity under review' } });

    expect((await admin.post(`/users/${id}/unfreeze`, { reason: 'Cleared' })).type).toBe('ok');
    expect((await server.get<{ frozen: unknown }>('/user/info', {}, { token: user.token })).message.frozen).toBeNull();
    expect((await server.post('/coin/trade', order, { token: user.token })).type).toBe('ok');
    await server.post('/coin/cancel_all', {}, { token: user.token });
    expect(await lastAudit('user.unfreeze', id)).toMatchObject({ before: { frozenReason: 'Suspicious activity under review' }, after: { frozenAt: null, reason: 'Cleared' } });
  });
});

const allLanguages = (text: (lang: string) => Record<string, string>) => Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, text(lang)]));

describe('content', () => {
  it('edits a draft, publishes it only when every language is there, and audits each step', async () => {
    const item = await admin.get<{ live: { texts: Record<string, { title: string }> }; draft: null }>('/content/article/1');
    expect(item.message.draft).toBeNull();
    const live = item.message.live as { category: string; texts: Record<string, { title: string; summary: string; body: string }> };
    const edited = { ...live, texts: { ...live.texts, zh: { ...live.texts.zh, title: '维护时间调整' } } };

    expect((await admin.post('/content/article/1/draft', { doc: edited })).type).toBe('ok');
    const drafted = await lastAudit('content.draft', 1);
    // Saved again as it is: nothing changed, so nothing is audited.
    expect((await admin.post('/content/article/1/draft', { doc: edited })).type).toBe('ok');
    expect((await lastAudit('content.draft', 1))?.id).toBe(drafted?.id);
    expect((await server.post<{ title: string }>('/news/detail', { id: 1, lang: 'zh' })).message.title).not.toBe('维护时间调整');
    expect((await admin.post('/content/article/1/publish')).type).toBe('ok');
    expect((await server.post<{ title: string }>('/news/detail', { id: 1, lang: 'zh' })).message.title).toBe('维护时间调整');
    const audit = await lastAudit('content.publish', 1);
    expect(audit).toMatchObject({ target_type: 'content.article', operator_id: adminId, before: { draft: { texts: { zh: { title: '维护时间调整' } } } }, after: { draft: null, live: { texts: { zh: { title: '维护时间调整' } } } } });

    const partial = { category: 'banner', image: '/static/banners/fair.svg', texts: { zh: { title: '新横幅', summary: '摘要', body: '正文' } } };
    const created = await admin.post<{ key: string }>('/content/article', { doc: partial });
    expect(Number(created.message.key)).toBeGreaterThanOrEqual(10_000);
    const refused = await admin.post<string>(`/content/article/${created.message.key}/publish`);
    expect(refused.message).toMatch(/^These languages are not complete yet: 繁體中文, English, 日本語/);
    expect((await admin.post('/content/article', { doc: { ...partial, image: 'javascript:alert(1)' } })).message).toBe('The picture address must start with /static/ or https://');

    const complete = { ...partial, texts: allLanguages((lang) => ({ title: `Banner ${lang}`, summary: `Summary ${lang}`, body: `Body ${lang}` })) };
    await admin.post(`/content/article/${created.message.key}/draft`, { doc: complete });
    expect((await admin.post(`/content/article/${created.message.key}/publish`)).type).toBe('ok');
    const banners = await server.post<{ list: { id: number; title: string }[] }>('/news/list', { c_id: 5, lang: 'fra', limit: 50 });
    expect(banners.message.list).toContainEqual(expect.objectContaining({ id: Number(created.message.key), title: 'Banner fra' }));

    expect((await admin.post(`/content/article/${created.message.key}/unpublish`)).type).toBe('ok');
    expect((await server.post('/news/detail', { id: Number(created.message.key), lang: 'en' })).type).toBe('error');
    expect(await lastAudit('content.unpublish', created.message.key)).toMatchObject({ before: { live: { category: 'banner' } }, after: { live: null, draft: { category: 'banner' } } });
  });

  it('keeps console edits, and a taken-down seeded item down, across a restart, while the rest comes from data/ again', async () => {
    const faq = (await admin.get<{ live: { sort: number; texts: Record<string, { question: string; answer: string }> } }>('/content/faq/1')).message.live;
    await admin.post('/content/faq/1/draft', { doc: { ...faq, texts: { ...faq.texts, en: { question: 'Edited question?', answer: 'Edited answer.' } } } });
    await admin.post('/content/faq/1/publish');
    const page = (await admin.get<{ live: { texts: Record<string, { title: string; body: string }> } }>('/content/page/aboutus')).message.live;
    await admin.post('/content/page/aboutus/draft', { doc: { texts: { ...page.texts, en: { title: 'About us, edited', body: 'Edited body.' } } } });
    await admin.post('/content/page/aboutus/publish');
    await admin.post('/content/article/2/unpublish');
    await admin.post('/content/article/2/discard');
    // A draft discarded before it was ever published leaves the item to data/ again.
    await admin.post('/content/faq/3/draft', { doc: (await admin.get<{ live: object }>('/content/faq/3')).message.live });
    await admin.post('/content/faq/3/discard');
    const owned = server.built.ctx.db.select().from(consoleContent).all().map((row) => `${row.kind}:${row.key}`);
    expect(owned).toEqual(expect.arrayContaining(['faq:1', 'page:aboutus', 'article:2']));
    expect(owned).not.toContain('faq:3');

    server = await restartServer(server);
    admin = await signIn(server, adminOperator);
    const faqs = await server.get<{ id: number; question: string }[]>('/faq', { lang: 'en' });
    expect(faqs.message.find((entry) => entry.id === 1)?.question).toBe('Edited question?');
    expect(faqs.message.find((entry) => entry.id === 2)?.question).toBeTruthy();
    expect((await server.get<{ title: string }>('/aboutus', { lang: 'en' })).message.title).toBe('About us, edited');
    expect((await server.post('/news/detail', { id: 2, lang: 'en' })).type).toBe('error');
    expect((await server.post('/news/detail', { id: 3, lang: 'en' })).type).toBe('ok');
  });
});

describe('the audit trail', () => {
  it('gets one record per state change, with the operator, their address, and the state before and after', async () => {
    const operator = await createOperator(server, 'admin');
    const client = await signIn(server, operator);
    const approveMe = await submittedLv1();
    const rejectMe = await submittedLv1();
    const user = await registerUser(server);
    const userId = (await client.get<{ id: number }[]>('/users', { q: user.email })).message[0]?.id as number;
    const faq = (await client.get<{ live: object }>('/content/faq/2')).message.live;
    let created = '';

    const changes: [string, () => Promise<{ type: string; message: unknown }>][] = [
      ['ledger.check', () => client.post('/dashboard/ledger-check')],
      ['verification.approve', () => client.post(`/queues/verification/${approveMe.requestId}/approve`)],
      ['verification.reject', () => client.post(`/queues/verification/${rejectMe.requestId}/reject`, { reason_code: 'blurred' })],
      ['user.freeze', () => client.post(`/users/${userId}/freeze`, { reason: 'Review' })],
      ['user.unfreeze', () => client.post(`/users/${userId}/unfreeze`, { reason: 'Done' })],
      ['content.draft', () => client.post('/content/faq/2/draft', { doc: faq })],
      ['content.discard', () => client.post('/content/faq/2/discard')],
      ['content.draft', () => client.post('/content/faq/2/draft', { doc: faq })],
      ['content.publish', () => client.post('/content/faq/2/publish')],
      [
        'content.create',
        async () => {
          const answer = await client.post<{ key: string }>('/content/faq', { doc: { sort: 99, texts: { en: { question: 'New?', answer: 'Yes.' } } } });
          created = answer.message.key;
          return answer;
        },
      ],
      ['content.unpublish', () => client.post('/content/faq/2/unpublish')],
    ];
    for (const [action, change] of changes) {
      const before = server.built.ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).get()?.id ?? 0;
      expect({ action, answer: (await change()).type }).toEqual({ action, answer: 'ok' });
      const written = server.built.ctx.db.select().from(auditLog).where(gt(auditLog.id, before)).all();
      expect({ action, written: written.map((row) => row.action) }).toEqual({ action, written: [action] });
      expect(written[0]).toMatchObject({ actor: operator.email, operatorId: operator.id, ip: client.ip, after: expect.anything() });
    }
    expect(created).not.toBe('');
    // A refused change writes nothing.
    const last = server.built.ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).get()?.id;
    expect((await client.post(`/queues/verification/${approveMe.requestId}/approve`)).type).toBe('error');
    expect(server.built.ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).get()?.id).toBe(last);
  });
});

describe('dashboard and audit trail', () => {
  it('runs the ledger check on demand, keeps it, and shows system balances and feed status', async () => {
    const check = await admin.post<{ ok: boolean; at: number; id: number }>('/dashboard/ledger-check');
    expect(check.message).toMatchObject({ ok: true, violations: 0 });
    const dashboard = await admin.get<{ ledger_check: { id: number }; system_accounts: { account: string; currency: string }[]; feeds: { symbol: string; source: string | null }[]; users_today: number }>(
      '/dashboard',
    );
    expect(dashboard.message.ledger_check.id).toBe(check.message.id);
    expect(dashboard.message.system_accounts).toContainEqual(expect.objectContaining({ account: 'treasury', currency: 'USDT' }));
    expect(dashboard.message.feeds.map((feed) => feed.symbol)).toContain('BTC/USDT');
    expect(dashboard.message.users_today).toBeGreaterThan(0);
  });

  it('filters by operator, action family, target and time, and exports CSV that a spreadsheet cannot run', async () => {
    const operator = await createOperator(server, 'support');
    const support = await signIn(server, operator);
    const user = await registerUser(server);
    const id = (await support.get<{ id: number }[]>('/users', { q: user.email })).message[0]?.id as number;
    const start = server.built.ctx.now();
    await support.post(`/users/${id}/freeze`, { reason: 'Chargeback' });

    const byOperator = await admin.get<Page<AuditEntry>>('/audit', { actor: operator.email });
    expect(byOperator.message.list.map((entry) => entry.action)).toEqual(['user.freeze']);
    expect((await admin.get<Page<AuditEntry>>('/audit', { action: 'user.', target_type: 'user', target_id: String(id), from: start })).message.total).toBe(1);
    expect((await admin.get<Page<AuditEntry>>('/audit', { actor: operator.email, to: start - 1 })).message.total).toBe(0);

    const response = await admin.raw(`/audit/export?actor=${encodeURIComponent(operator.email)}`);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-.+\.csv"$/);
    const csv = (await response.text()).replace(/^\uFEFF/, '');
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe('id,time,actor,operator_id,ip,action,target_type,target_id,before,after');
    expect(row).toContain(`"${operator.email}","${operator.id}","${support.ip}","user.freeze","user","${id}"`);

    // A CLI actor is free text: one that looks like a formula is defused.
    writeAudit(server.built.ctx.db, { actor: '=HYPERLINK("http://evil")', action: 'test.formula', targetType: 'test', targetId: 1, before: null, after: { ok: true } }, server.built.ctx.now());
    const formula = await (await admin.raw('/audit/export?action=test.formula')).text();
    expect(formula).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const every = server.built.ctx.db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id)).orderBy(desc(auditLog.id)).all();
    expect(every.every((entry) => entry.ip === support.ip && entry.after !== null)).toBe(true);
  });
});
