import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { reviewTraderApplication } from '../../platform/trader-application-review.ts';
import { credit, pushTicks, registerUser, restartServer, startServer, type TestServer } from '../../../test/harness.ts';

interface CopiedPosition {
  id: number;
  status: string;
  side: string;
  lots: number;
  multiple: number;
  open_price: string;
  open_tick_id: number;
  take_profit: string | null;
  close: { reason: string; tick: { id: number }; pnl: string } | null;
  trader_user_id: number;
  trader_order_id: number;
  linked: boolean;
  profit_share: string;
}
interface My {
  follows: { trader_user_id: number; status: string; type: number; number: string; history: { action: string; number: string }[] }[];
  current: CopiedPosition[];
  history: CopiedPosition[];
  history_total: number;
  history_has_more: boolean;
  skipped: { trader_user_id: number; symbol: string; reason_key: string; reason: string }[];
  earnings: { total_profit: string; shares_paid: string };
}
interface Position {
  id: number;
  status: string;
  lots: number;
  open_price: string;
  open_tick_id: number;
  liquidation_price: string | null;
  close: { reason: string; tick: { id: number }; pnl: string } | null;
}
interface Trader {
  trader_user_id: number;
  nickname: string;
  introduction: string;
  strategy: string;
  accuracy: string;
  total_profit: string;
  profitable_orders: number;
  closed_orders: number;
  follower_count: number;
  slots_left: number;
  share_rate: string;
  follow_amount: string;
  follower_earnings: string;
  computed_at: number;
  following: boolean;
}

const BTC = { currency_id: 1, legal_id: 3 };
const LEVER = 3;
const minor = (text: string) => Math.round(Number(text) * 1_000_000);

describe('copy trading (/follow/*)', () => {
  let server: TestServer;
  let trader: { id: number; token: string; email: string };
  const followers: Record<'multiple' | 'lots' | 'poor' | 'tiny', { id: number; token: string; email: string }> = {} as never;

  const userIdOf = (email: string) => (server.built.ctx.sqlite.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  const setLevel = (email: string, level: number) => server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = ? WHERE email = ?').run(level, email);
  const leverAvailable = (userId: number) =>
    (server.built.ctx.sqlite.prepare('SELECT available FROM ledger_accounts WHERE user_id = ? AND currency_id = 3 AND account_type_id = ?').get(userId, LEVER) as { available: number }).available;
  const feed = async (price: string) => {
    await pushTicks(server, 'BTC/USDT', [{ price, volume: '0.1', time: server.built.ctx.now() }]);
    return server.built.ctx.market.lastTick('BTC/USDT')?.id as number;
  };
  const open = async (lots: number, multiple = 10, type = 1) => (await server.post<Position>('/lever/submit', { ...BTC, order_type: 'market', type, lots, multiple }, { token: trader.token })).message;
  const my = async (token: string) => (await server.get<My>('/follow/my', { limit: 50 }, { token })).message;
  const copyOf = async (token: string, traderOrderId: number) => {
    const mine = await my(token);
    return [...mine.current, ...mine.history].find((row) => row.trader_order_id === traderOrderId);
  };
  /** The `user` bus events from now on. */
  const captureEvents = () => {
    const events: UserEvent[] = [];
    server.built.ctx.bus.on('user', (event) => events.push(event));
    return events;
  };
  const submit = async (body: Record<string, string | number>) => (await server.post<Position>('/lever/submit', { ...BTC, order_type: 'market', type: 1, multiple: 10, ...body }, { token: trader.token })).message;
  const newUser = async (lever: string) => {
    const user = await registerUser(server);
    if (lever !== '0') credit(server, user.email, lever, 'USDT', LEVER);
    return { ...user, id: userIdOf(user.email) };
  };

  beforeAll(async () => {
    server = await startServer();
    await feed('100000');
    trader = await newUser('0');
    for (const [name, lever] of [['multiple', '10000'], ['lots', '10000'], ['poor', '1'], ['tiny', '10000']] as const) followers[name] = await newUser(lever);
  });
  afterAll(() => server.close());

  it('refuses a trader application below Lv1, under 100 USDT, with a share rate out of range, then takes one', async () => {
    const apply = (body: Record<string, unknown>) => server.post('/follow/trader/apply', { nickname: 'Alpha', introduction: 'Trend follower', ...body }, { token: trader.token, lang: 'en' });
    expect(await apply({})).toMatchObject({ type: 'error', message: 'Becoming a trader needs identity verification Lv1 or above' });
    setLevel(trader.email, 1);
    expect(await apply({})).toMatchObject({ type: 'error', message: 'Your lever account needs at least 100 USDT' });
    credit(server, trader.email, '10000', 'USDT', LEVER);
    expect(await apply({ share_rate: '0.5' })).toMatchObject({ type: 'error', message: 'The profit share rate must be between 0.00 and 0.30' });
    expect(await apply({ share_rate: '0.123' })).toMatchObject({ type: 'error' });
    const applied = await apply({ share_rate: '0.10' });
    expect(applied).toMatchObject({ type: 'ok', message: { status: 'pending', share_rate: '0.10', nickname: 'Alpha' } });
    expect(await apply({})).toMatchObject({ type: 'error', message: 'Your application is already under review' });
    const row = reviewTraderApplication(server.built.ctx, (applied.message as { id: number }).id, { approve: true }, { actor: 'test@ops' });
    expect(row.status).toBe('approved');
    const me = (await server.get<{ trader: Trader; application: { status: string } }>('/follow/trader/me', {}, { token: trader.token })).message;
    expect(me.application.status).toBe('approved');
    expect(me.trader).toMatchObject({ trader_user_id: trader.id, share_rate: '0.10', follower_count: 0, slots_left: 100 });
    expect(await apply({})).toMatchObject({ type: 'error', message: 'You are already a trader' });
  });

  it("shows the demo traders' introduction and published rule in the reader's language, and a trader's own texts as written", async () => {
    const demo = async (lang: string) => (await server.get<{ list: Trader[] }>('/follow/index', { limit: 50, lang })).message.list.find((row) => row.nickname === 'Trend BTC');
    expect(await demo('en')).toMatchObject({ introduction: expect.stringContaining('BTC trend'), strategy: expect.stringContaining('5-tick moving average') });
    expect(await demo('zh')).toMatchObject({ introduction: expect.stringContaining('BTC 趋势'), strategy: expect.stringContaining('5 笔移动平均线') });
    const demoId = (await demo('en'))?.trader_user_id as number;
    expect((await server.get<Trader>('/follow/traderDetail', { trader_user_id: demoId, lang: 'jp' })).message.strategy).toContain('移動平均');
    expect((await server.get<Trader>('/follow/traderDetail', { trader_user_id: trader.id, lang: 'zh' })).message.introduction).toBe('Trend follower');
  });

  it('refuses bad follows with a clear error and changes nothing', async () => {
    const token = followers.multiple.token;
    const follow = (body: Record<string, unknown>, as = token) => server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '1', ...body }, { token: as, lang: 'en' });
    expect(await follow({})).toMatchObject({ type: 'error', message: 'Please read and accept the copy trading agreement first' });
    // A trader is told they cannot follow, not sent to accept an agreement that would not help.
    expect(await follow({ trader_user_id: followers.multiple.id }, trader.token)).toMatchObject({ type: 'error', message: 'A trader cannot follow other traders' });
    expect((await server.get('/follow/agreement', {}, { token })).message).toEqual({ agreed_at: null });
    expect((await server.post<{ agreed_at: number }>('/follow/agree', {}, { token })).message.agreed_at).toBeGreaterThan(0);
    await server.post('/follow/agree', {}, { token: trader.token });
    expect(await follow({ trader_user_id: followers.multiple.id })).toMatchObject({ type: 'error', message: 'You cannot follow yourself' });
    expect(await follow({ trader_user_id: followers.lots.id })).toMatchObject({ type: 'error', message: 'Trader not found or not approved' });
    expect(await follow({ trader_user_id: 999_999 })).toMatchObject({ type: 'error', message: 'Trader not found or not approved' });
    expect(await follow({ trader_user_id: followers.multiple.id }, trader.token)).toMatchObject({ type: 'error', message: 'A trader cannot follow other traders' });
    expect(await follow({ number: '0' })).toMatchObject({ type: 'error', message: 'The copy amount must be greater than 0' });
    expect(await follow({ number: '-2' })).toMatchObject({ type: 'error', message: 'The copy amount must be greater than 0' });
    expect(await follow({ number: '1001' })).toMatchObject({ type: 'error', message: 'The copy amount may not exceed 1000' });
    expect(await follow({ number: 'many' })).toMatchObject({ type: 'error', message: 'Enter a valid copy amount' });
    expect(await follow({ type: 2, number: '2.5' })).toMatchObject({ type: 'error', message: 'In fixed-lots mode the lots must be a whole number' });
    expect(await follow({ type: 3 })).toMatchObject({ type: 'error' });
    expect(await server.post('/follow/cancel', { follow_user_id: trader.id }, { token, lang: 'en' })).toMatchObject({ type: 'error', message: 'Follow not found' });
    expect((await my(token)).follows).toEqual([]);
  });

  it('follows in both modes, edits with history, and is public in the trader list', async () => {
    for (const follower of Object.values(followers)) await server.post('/follow/agree', {}, { token: follower.token });
    const first = await server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '2' }, { token: followers.multiple.token });
    expect(first).toMatchObject({ type: 'ok', message: { trader_user_id: trader.id, trader_nickname: 'Alpha', type: 1, number: '2.00', status: 'following' } });
    const edited = await server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '1.456' }, { token: followers.multiple.token });
    // Spec 4: the follow's state says the last change was an edit.
    expect(edited.message).toMatchObject({ number: '1.46', status: 'edited' });
    await server.post('/follow/follow', { trader_user_id: trader.id, type: 2, number: '3' }, { token: followers.lots.token });
    await server.post('/follow/follow', { trader_user_id: trader.id, type: 2, number: '5' }, { token: followers.poor.token });
    await server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '0.5' }, { token: followers.tiny.token });
    const mine = await my(followers.multiple.token);
    expect(mine.follows[0]?.status).toBe('edited');
    expect((await my(followers.lots.token)).follows[0]?.status).toBe('following');
    expect(mine.follows[0]?.history.map((entry) => [entry.action, entry.number])).toEqual([
      ['following', '2.00'],
      ['edited', '1.46'],
    ]);
    const list = await server.get<{ list: Trader[]; total: number; computed_at: number }>('/follow/index', { sort: 'followers' });
    expect(list.message.list.find((row) => row.trader_user_id === trader.id)).toMatchObject({ follower_count: 4, slots_left: 96, following: false });
    const seen = await server.get<{ list: Trader[] }>('/follow/index', {}, { token: followers.lots.token });
    expect(seen.message.list.find((row) => row.trader_user_id === trader.id)?.following).toBe(true);
  });

  let firstOrder: Position;
  let secondOrder: Position;

  it("mirrors the trader's open at the same tick and price, sized by each follow; skips with a reason", async () => {
    const tickId = await feed('100000');
    firstOrder = await open(10);
    expect(firstOrder.open_tick_id).toBe(tickId);
    const asMultiple = await copyOf(followers.multiple.token, firstOrder.id);
    // 1.46 × 10 lots = 14.6 → 14 whole lots
    expect(asMultiple).toMatchObject({ status: 'holding', side: 'long', lots: 14, multiple: 10, open_price: firstOrder.open_price, open_tick_id: tickId, linked: true, trader_user_id: trader.id });
    expect(await copyOf(followers.lots.token, firstOrder.id)).toMatchObject({ lots: 3, open_price: firstOrder.open_price, open_tick_id: tickId });
    const poor = await server.get<My>('/follow/my', {}, { token: followers.poor.token, lang: 'en' });
    expect(poor.message.current).toEqual([]);
    expect(poor.message.skipped[0]).toMatchObject({ trader_user_id: trader.id, symbol: 'BTC/USDT', reason_key: 'errors.insufficientBalance' });
    const tiny = await server.get<My>('/follow/my', {}, { token: followers.tiny.token, lang: 'en' });
    // 0.5 × 10 = 5 lots opens; the second open (1 lot) rounds to 0 and is skipped
    expect(tiny.message.current[0]).toMatchObject({ lots: 5 });
    secondOrder = await open(1);
    const tinyAfter = await server.get<My>('/follow/my', {}, { token: followers.tiny.token, lang: 'en' });
    expect(tinyAfter.message.skipped[0]).toMatchObject({ reason_key: 'futures.lotsOutOfRange', reason: 'Lots must be between 1 and 1000' });
    expect(await copyOf(followers.multiple.token, secondOrder.id)).toMatchObject({ lots: 1 });
  });

  it("closes linked copies at the trader's closing tick, pays the profit share in the close, and leaves self-held copies open", async () => {
    const selfHeld = (await copyOf(followers.multiple.token, secondOrder.id)) as CopiedPosition;
    expect(await server.post('/follow/selfHolding', { transaction_id: selfHeld.id }, { token: followers.lots.token, lang: 'en' })).toMatchObject({ type: 'error', message: 'Copied position not found' });
    expect(await server.post('/follow/selfHolding', { transaction_id: firstOrder.id }, { token: followers.multiple.token, lang: 'en' })).toMatchObject({ type: 'error', message: 'Copied position not found' });
    // The futures pages see which positions are copies, and whose.
    const leverHolding = async (token: string) => (await server.post<{ list: (Position & { copy: unknown })[] }>('/lever/my_trade', { status: 'holding' }, { token })).message.list;
    const mark = { trader_user_id: trader.id, trader_nickname: 'Alpha', linked: true, profit_share: '0.000000' };
    expect((await leverHolding(followers.multiple.token)).find((row) => row.id === selfHeld.id)?.copy).toEqual(mark);
    expect((await leverHolding(trader.token)).find((row) => row.id === secondOrder.id)?.copy).toBeNull();
    const held = await server.post<{ id: number; status: string }>('/follow/selfHolding', { transaction_id: selfHeld.id }, { token: followers.multiple.token });
    expect(held.message).toMatchObject({ id: selfHeld.id, status: 'holding' });
    expect((await leverHolding(followers.multiple.token)).find((row) => row.id === selfHeld.id)?.copy).toEqual({ ...mark, linked: false });

    const traderBefore = leverAvailable(trader.id);
    const closeTick = await feed('101000');
    await server.post('/lever/close', { id: firstOrder.id }, { token: trader.token });
    await server.post('/lever/close', { id: secondOrder.id }, { token: trader.token });
    let shares = 0;
    for (const follower of [followers.multiple, followers.lots, followers.tiny]) {
      const copy = (await copyOf(follower.token, firstOrder.id)) as CopiedPosition;
      expect(copy).toMatchObject({ status: 'closed', close: { tick: { id: closeTick } } });
      const share = Math.floor(minor(copy.close?.pnl ?? '0') / 10);
      expect(minor(copy.profit_share)).toBe(share);
      expect(share).toBeGreaterThan(0);
      shares += share;
    }
    const received = server.built.ctx.sqlite
      .prepare("SELECT COALESCE(SUM(p.amount), 0) AS total FROM postings p JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id WHERE e.type = 'copy_profit_share' AND a.user_id = ? AND e.ref_id IN (SELECT CAST(follower_order_id AS TEXT) FROM copy_positions WHERE trader_order_id = ?)")
      .get(trader.id, firstOrder.id) as { total: number };
    expect(received.total).toBe(shares);
    expect(leverAvailable(trader.id) - traderBefore).toBeGreaterThan(shares);
    const stillOpen = await copyOf(followers.multiple.token, secondOrder.id);
    expect(stillOpen).toMatchObject({ status: 'holding', linked: false });
    const earnings = (await my(followers.multiple.token)).earnings;
    expect(minor(earnings.shares_paid)).toBeGreaterThan(0);
    const shareEntries = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE type = 'copy_profit_share'").get() as { n: number };
    // the three copies of the first order and the fixed-lots copy of the second (the other was self-held)
    expect(shareEntries.n).toBe(4);
  });

  it('posts no share on a loss', async () => {
    await feed('100000');
    const order = await open(2);
    await feed('99000');
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
    const copy = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect(copy.status).toBe('closed');
    expect(Number(copy.close?.pnl)).toBeLessThan(0);
    expect(copy.profit_share).toBe('0.000000');
  });

  it("a follower's own take-profit closes a copy as usual, with the share", async () => {
    await feed('100000');
    const order = await open(2);
    const copy = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect((await server.post('/lever/setstop', { id: copy.id, target_profit_price: '100500' }, { token: followers.lots.token })).type).toBe('ok');
    const tpTick = await feed('100500');
    const closed = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect(closed).toMatchObject({ status: 'closed', close: { reason: 'take_profit', tick: { id: tpTick } } });
    expect(minor(closed.profit_share)).toBe(Math.floor(minor(closed.close?.pnl ?? '0') / 10));
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
  });

  it("the trader's liquidation closes the linked copies at the same tick", async () => {
    await feed('100000');
    const order = await open(10, 100);
    expect(order.liquidation_price).not.toBeNull();
    const liquidationTick = await feed(order.liquidation_price as string);
    const traderOrder = (await server.post<{ list: Position[] }>('/lever/my_trade', { status: 'closed' }, { token: trader.token })).message.list.find((row) => row.id === order.id);
    expect(traderOrder?.close).toMatchObject({ reason: 'liquidation', tick: { id: liquidationTick } });
    const copy = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect(copy).toMatchObject({ status: 'closed', close: { tick: { id: liquidationTick } } });
  });

  it.each<{ reason: string; stops: Record<string, string>; price: string; close: string | null }>([
    { reason: 'take_profit', stops: { target_profit_price: '101000' }, price: '101000', close: null },
    { reason: 'stop_loss', stops: { stop_loss_price: '99500' }, price: '99500', close: null },
    { reason: 'batch', stops: {}, price: '100200', close: '/lever/batch_close' },
  ])("the trader's $reason closes the linked copies at the trader's tick with that reason", async ({ reason, stops, price, close }) => {
    await feed('100000');
    const order = await submit({ lots: 2, ...stops });
    const copies = [followers.lots, followers.multiple, followers.tiny];
    for (const follower of copies) expect(await copyOf(follower.token, order.id)).toMatchObject({ status: 'holding', linked: true });
    const tickId = await feed(price);
    if (close) expect((await server.post<{ closed: number }>(close, { type: 0 }, { token: trader.token })).message.closed).toBeGreaterThan(0);
    const traderOrder = (await server.post<{ list: Position[] }>('/lever/my_trade', { status: 'closed' }, { token: trader.token })).message.list.find((row) => row.id === order.id);
    expect(traderOrder?.close).toMatchObject({ reason, tick: { id: tickId } });
    for (const follower of copies) expect(await copyOf(follower.token, order.id)).toMatchObject({ status: 'closed', close: { reason, tick: { id: tickId } } });
  });

  it('announces every copied open and close, the shares and self-holding on the bus', async () => {
    const events = captureEvents();
    await feed('100000');
    const order = await open(2);
    const copied = [followers.lots, followers.multiple, followers.tiny];
    for (const follower of copied) {
      const copy = (await copyOf(follower.token, order.id)) as CopiedPosition;
      expect(events).toContainEqual(expect.objectContaining({ userId: follower.id, kind: 'futures.opened', refId: copy.id }));
      expect(events).toContainEqual(expect.objectContaining({ userId: follower.id, kind: 'copy.position_opened', refId: copy.id, params: expect.objectContaining({ symbol: 'BTC/USDT', side: 'long', tick_id: order.open_tick_id }) }));
    }
    expect(events).toContainEqual(expect.objectContaining({ userId: followers.poor.id, kind: 'copy.position_skipped', refId: order.id }));

    const selfHeld = (await copyOf(followers.tiny.token, order.id)) as CopiedPosition;
    await server.post('/follow/selfHolding', { transaction_id: selfHeld.id }, { token: followers.tiny.token });
    expect(events).toContainEqual(expect.objectContaining({ userId: followers.tiny.id, kind: 'copy.self_holding', refId: selfHeld.id, params: { symbol: 'BTC/USDT', trader: 'Alpha' } }));

    await feed('101000');
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
    let shares = 0;
    for (const follower of [followers.lots, followers.multiple]) {
      const copy = (await copyOf(follower.token, order.id)) as CopiedPosition;
      expect(events).toContainEqual(expect.objectContaining({ userId: follower.id, kind: 'futures.closed', refId: copy.id }));
      expect(events).toContainEqual(
        expect.objectContaining({ userId: follower.id, kind: 'copy.position_closed', refId: copy.id, params: { symbol: 'BTC/USDT', pnl: copy.close?.pnl, share: copy.profit_share, currency: 'USDT', trader: 'Alpha' } }),
      );
      shares += minor(copy.profit_share);
    }
    expect(shares).toBeGreaterThan(0);
    // The trader hears once per close, with every follower's share added up.
    const received = events.filter((event) => event.kind === 'copy.share_received');
    expect(received).toEqual([expect.objectContaining({ userId: trader.id, refId: order.id, params: { symbol: 'BTC/USDT', amount: (shares / 1_000_000).toFixed(6), currency: 'USDT' } })]);
    expect(events.some((event) => event.kind === 'copy.position_closed' && event.userId === followers.tiny.id)).toBe(false);

    // The self-held copy closed by its owner: announced, no share.
    await server.post('/lever/close', { id: selfHeld.id }, { token: followers.tiny.token });
    expect(events).toContainEqual(expect.objectContaining({ userId: followers.tiny.id, kind: 'copy.position_closed', refId: selfHeld.id, params: expect.objectContaining({ share: '0.000000' }) }));
    expect(events.filter((event) => event.kind === 'copy.share_received')).toHaveLength(1);
  });

  it('skips a frozen follower with the reason on the follow, and tells the trader about a new follower', async () => {
    const events = captureEvents();
    const frozen = await newUser('10000');
    await server.post('/follow/agree', {}, { token: frozen.token });
    expect((await server.post('/follow/follow', { trader_user_id: trader.id, type: 2, number: '1' }, { token: frozen.token })).type).toBe('ok');
    expect(events).toContainEqual(expect.objectContaining({ userId: trader.id, kind: 'copy.follower_added', params: { nickname: expect.any(String) } }));
    const sqlite = server.built.ctx.sqlite;
    sqlite.prepare("UPDATE users SET frozen_at = ?, frozen_reason = 'compliance review' WHERE id = ?").run(server.built.ctx.now(), frozen.id);
    await feed('100000');
    const order = await open(1);
    const mine = (await server.get<My>('/follow/my', {}, { token: frozen.token, lang: 'en' })).message;
    expect(mine.current).toEqual([]);
    expect(mine.skipped[0]).toMatchObject({ trader_user_id: trader.id, symbol: 'BTC/USDT', reason_key: 'errors.accountFrozen', reason: expect.stringContaining('compliance review') });
    expect(events).toContainEqual(expect.objectContaining({ userId: frozen.id, kind: 'copy.position_skipped', refId: order.id }));
    sqlite.prepare('UPDATE users SET frozen_at = NULL, frozen_reason = NULL WHERE id = ?').run(frozen.id);
    await server.post('/follow/cancel', { follow_user_id: trader.id }, { token: frozen.token });
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
  });

  it("cuts a copy above the instrument's lot limit down to the limit, and says so", async () => {
    const events = captureEvents();
    const big = await newUser('20000');
    await server.post('/follow/agree', {}, { token: big.token });
    // 200 × the trader's 10 lots = 2,000, above BTC/USDT's 1,000 lots per order
    expect((await server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '200' }, { token: big.token })).type).toBe('ok');
    await feed('100000');
    const order = await open(10);
    const copy = (await copyOf(big.token, order.id)) as CopiedPosition;
    expect(copy).toMatchObject({ status: 'holding', lots: 1000, open_tick_id: order.open_tick_id, linked: true });
    expect(events).toContainEqual(
      expect.objectContaining({ userId: big.id, kind: 'copy.position_reduced', refId: copy.id, params: { symbol: 'BTC/USDT', side: 'long', lots: 1000, wanted: 2000, trader: 'Alpha', tick_id: order.open_tick_id } }),
    );
    expect(events.some((event) => event.userId === big.id && event.kind === 'copy.position_opened')).toBe(false);
    await server.post('/follow/cancel', { follow_user_id: trader.id }, { token: big.token });
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
    await server.post('/lever/close', { id: copy.id }, { token: big.token });
  });

  it('cancelling a follow keeps its open copies as the follower’s own', async () => {
    await feed('100000');
    const order = await open(1);
    const copy = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect((await server.post('/follow/cancel', { follow_user_id: trader.id }, { token: followers.lots.token })).message).toEqual({ ok: true });
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
    expect(await copyOf(followers.lots.token, order.id)).toMatchObject({ id: copy.id, status: 'holding', linked: false });
    const mine = await my(followers.lots.token);
    expect(mine.follows[0]).toMatchObject({ status: 'cancelled' });
    expect(mine.follows[0]?.history.at(-1)?.action).toBe('cancelled');
    await feed('101000');
    await server.post('/lever/close', { id: copy.id }, { token: followers.lots.token });
    // the follower's own now: a profit without a share
    const closed = (await copyOf(followers.lots.token, order.id)) as CopiedPosition;
    expect(Number(closed.close?.pnl)).toBeGreaterThan(0);
    expect(closed.profit_share).toBe('0.000000');
  });

  it('refuses a new follower when the trader is full, but still lets a follower edit', async () => {
    const following = (await server.get<Trader>('/follow/traderDetail', { trader_user_id: trader.id })).message.follower_count;
    server.built.ctx.sqlite.prepare('UPDATE copy_traders SET max_followers = ? WHERE user_id = ?').run(following, trader.id);
    expect((await server.get<Trader>('/follow/traderDetail', { trader_user_id: trader.id })).message.slots_left).toBe(0);
    expect(await server.post('/follow/follow', { trader_user_id: trader.id, type: 2, number: '1' }, { token: followers.lots.token, lang: 'en' })).toMatchObject({ type: 'error', message: "This trader's follower slots are full" });
    expect((await server.post('/follow/follow', { trader_user_id: trader.id, type: 1, number: '1.46' }, { token: followers.multiple.token })).message).toMatchObject({ status: 'edited' });
    server.built.ctx.sqlite.prepare('UPDATE copy_traders SET max_followers = 100 WHERE user_id = ?').run(trader.id);
  });

  it('refreshes the statistics hourly: accuracy and profit match the closed positions', async () => {
    const before = (await server.get<Trader>('/follow/traderDetail', { trader_user_id: trader.id })).message;
    server.advance(3_600_000);
    await server.built.ctx.scheduler.runDue();
    const detail = (await server.get<Trader & { curve: { day: string; profit: string }[] }>('/follow/traderDetail', { trader_user_id: trader.id })).message;
    expect(detail.computed_at).toBeGreaterThan(before.computed_at);
    const history = (await server.get<{ list: { profit: string; close_tick_id: number }[]; total: number }>('/follow/historyTrade', { trader_user_id: trader.id, limit: 100 })).message;
    expect(history.total).toBe(detail.closed_orders);
    const profitable = history.list.filter((row) => Number(row.profit) > 0).length;
    expect(detail.profitable_orders).toBe(profitable);
    expect(detail.accuracy).toBe((Math.floor((profitable * 10_000) / history.total) / 10_000).toFixed(4));
    expect(minor(detail.total_profit)).toBe(history.list.reduce((sum, row) => sum + minor(row.profit), 0));
    expect(detail.curve).toHaveLength(30);
    expect(detail.curve.reduce((sum, point) => sum + minor(point.profit), 0)).toBe(minor(detail.total_profit));
  });

  it("keeps a former follower's copies out of their record as a trader: it shows only trades they chose", async () => {
    const copier = await newUser('10000');
    await server.post('/follow/agree', {}, { token: copier.token });
    expect((await server.post('/follow/follow', { trader_user_id: trader.id, type: 2, number: '1' }, { token: copier.token })).type).toBe('ok');
    await feed('100000');
    const order = await open(1);
    await feed('101000');
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
    expect(await copyOf(copier.token, order.id)).toMatchObject({ status: 'closed' });
    expect((await server.post('/follow/cancel', { follow_user_id: trader.id }, { token: copier.token })).type).toBe('ok');
    setLevel(copier.email, 1);
    const applied = await server.post<{ id: number }>('/follow/trader/apply', { nickname: 'Copier', introduction: 'Was a follower' }, { token: copier.token });
    reviewTraderApplication(server.built.ctx, applied.message.id, { approve: true }, { actor: 'test@ops' });
    const detail = (await server.get<Trader & { open_positions: unknown[] }>('/follow/traderDetail', { trader_user_id: copier.id })).message;
    expect(detail).toMatchObject({ closed_orders: 0, profitable_orders: 0, total_profit: '0.000000', open_positions: [] });
    expect((await server.get<{ total: number }>('/follow/historyTrade', { trader_user_id: copier.id })).message.total).toBe(0);
  });

  it('counts only linked copies in the follow amount, nets the shares out of follower earnings, and the journal pays exactly the shares received', async () => {
    const { sqlite } = server.built.ctx;
    await feed('100000');
    const order = await open(2);
    server.advance(3_600_000);
    await server.built.ctx.scheduler.runDue();
    const detail = (await server.get<Trader>('/follow/traderDetail', { trader_user_id: trader.id })).message;
    const heldMargin = (linked: number) =>
      (sqlite.prepare("SELECT COALESCE(SUM(o.margin), 0) AS total FROM copy_positions c JOIN futures_orders o ON o.id = c.follower_order_id WHERE c.trader_id = ? AND c.linked = ? AND o.status = 'holding'").get(trader.id, linked) as { total: number }).total;
    // A self-held copy (from an earlier test) is still open: its margin is the follower's own business.
    expect(heldMargin(0)).toBeGreaterThan(0);
    expect(heldMargin(1)).toBeGreaterThan(0);
    expect(minor(detail.follow_amount)).toBe(heldMargin(1));
    const closedCopies = sqlite.prepare('SELECT COALESCE(SUM(pnl), 0) AS pnl, COALESCE(SUM(profit_share), 0) AS shares FROM copy_positions WHERE trader_id = ? AND closed = 1').get(trader.id) as { pnl: number; shares: number };
    expect(closedCopies.shares).toBeGreaterThan(0);
    expect(minor(detail.follower_earnings)).toBe(closedCopies.pnl - closedCopies.shares);
    const journal = sqlite
      .prepare("SELECT COALESCE(SUM(p.amount), 0) AS total FROM postings p JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id WHERE e.type = 'copy_profit_share' AND a.user_id = ?")
      .get(trader.id) as { total: number };
    const me = (await server.get<{ shares_received: string }>('/follow/trader/me', {}, { token: trader.token })).message;
    expect(minor(me.shares_received)).toBe(journal.total);
    expect(journal.total).toBe(closedCopies.shares);
    await server.post('/lever/close', { id: order.id }, { token: trader.token });
  });

  it('pages the closed copies and says how many there are', async () => {
    const { token } = followers.multiple;
    const all = await my(token);
    expect(all.history.length).toBeGreaterThan(1);
    const page = async (number: number) => (await server.get<My>('/follow/my', { limit: 1, page: number }, { token })).message;
    expect(await page(1)).toMatchObject({ history_total: all.history.length, history_has_more: true, history: [{ id: all.history[0]?.id }] });
    expect(await page(all.history.length)).toMatchObject({ history_total: all.history.length, history_has_more: false, history: [{ id: all.history.at(-1)?.id }] });
  });

  it('demo traders trade their published rule on the feed, and followers get the copies', async () => {
    const list = (await server.get<{ list: Trader[] }>('/follow/index', { limit: 50, lang: 'en' })).message.list;
    const contrarian = list.find((row) => row.nickname === 'Contrarian ETH');
    expect(contrarian?.strategy).toContain('5-tick moving average');
    const traderId = contrarian?.trader_user_id as number;
    expect((await server.post('/follow/follow', { trader_user_id: traderId, type: 2, number: '2' }, { token: followers.multiple.token })).type).toBe('ok');
    const time = server.built.ctx.now();
    await pushTicks(server, 'ETH/USDT', Array.from({ length: 20 }, (_, index) => ({ price: '3000', volume: '1', time: time + index })));
    await pushTicks(server, 'ETH/USDT', [{ price: '3100', volume: '1', time: time + 20 }]);
    const opened = (await server.get<{ open_positions: { symbol: string; side: string; lots: number; open_tick_id: number }[] }>('/follow/traderDetail', { trader_user_id: traderId })).message.open_positions;
    expect(opened).toEqual([expect.objectContaining({ symbol: 'ETH/USDT', side: 'short', lots: 10 })]);
    const copy = (await my(followers.multiple.token)).current.find((row) => row.trader_user_id === traderId);
    expect(copy).toMatchObject({ side: 'short', lots: 2, open_tick_id: opened[0]?.open_tick_id, linked: true });
  });

  it("after a restart, closes the copies a stop left open at their trader's closing tick, and settles those closed before copy trading listened", async () => {
    await feed('100000');
    const order = await submit({ lots: 4, target_profit_price: '101000' });
    // 1.46 × 4 = 5 lots with its own take-profit at the same level; 0.5 × 4 = 2 lots mirrored only.
    const ownStop = (await copyOf(followers.multiple.token, order.id)) as CopiedPosition;
    expect((await server.post('/lever/setstop', { id: ownStop.id, target_profit_price: '101000' }, { token: followers.multiple.token })).type).toBe('ok');
    const mirrored = (await copyOf(followers.tiny.token, order.id)) as CopiedPosition;
    // A tick stored but never processed: the server stopped right after storing it.
    server.built.ctx.bus.removeAllListeners('tick');
    const tpTick = await feed('101000');
    server = await restartServer(server);
    const traderOrder = (await server.post<{ list: Position[] }>('/lever/my_trade', { status: 'closed' }, { token: trader.token })).message.list.find((row) => row.id === order.id);
    expect(traderOrder?.close).toMatchObject({ reason: 'take_profit', tick: { id: tpTick } });
    for (const [follower, copy] of [
      [followers.tiny, mirrored],
      [followers.multiple, ownStop],
    ] as const) {
      const closed = (await copyOf(follower.token, order.id)) as CopiedPosition;
      expect(closed).toMatchObject({ id: copy.id, status: 'closed', linked: true, close: { reason: 'take_profit', tick: { id: tpTick } } });
      expect(minor(closed.profit_share)).toBe(Math.floor(minor(closed.close?.pnl ?? '0') / 10));
      expect(minor(closed.profit_share)).toBeGreaterThan(0);
      expect((await my(follower.token)).current.some((row) => row.id === copy.id)).toBe(false);
    }
  });
});
