import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { checkLedger } from '../../ledger/check.ts';
import { credit, pushTicks, registerUser, runningServers, startServer, type TestServer } from '../../../test/harness.ts';

interface TickView {
  id: number;
  time: number;
  price: string;
}

interface Option {
  id: number;
  match_id: number;
  symbol: string;
  currency: string;
  type: 'up' | 'down';
  seconds: number;
  number: string;
  fee: string;
  payout_rate: string;
  break_even_win_rate: string;
  win_payout: string;
  status: 'open' | 'won' | 'lost' | 'tied';
  created_at: number;
  expires_at: number;
  seconds_left: number;
  open_tick: TickView;
  settle_tick: TickView | null;
  payout: string | null;
  profit: string | null;
}

interface Periods {
  symbol: string;
  market_open: boolean;
  periods: { seconds: number; payout_rate: string; fee_rate: string; break_even_win_rate: string; stakes: { currency: string; min: string; max: string }[] }[];
}

interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

/** Tuesday 24 November 2026, 15:00 UTC: NYSE is open (10:00 in New York), so stock options can be tried too. */
const START = Date.UTC(2026, 10, 24, 15, 0, 0);
const BTC = 1;
const USDT = 3;
const AAPL = 101;
const MICRO = 4;

let server: TestServer;
let user: { email: string; token: string };
let clock = START;

const submit = (body: Record<string, unknown>, token = user.token) => server.post<Option>('/microtrade/submit', { match_id: BTC, currency_id: USDT, seconds: 30, ...body }, { token, lang: 'en' });
const result = async (id: number, token = user.token) => (await server.get<Option>('/microtrade/get_result', { id }, { token, lang: 'en' })).message;
const micro = async (token = user.token) => (await server.get<{ currency: string; available: string; frozen: string }[]>('/microtrade/payable_currencies', {}, { token })).message.find((entry) => entry.currency === 'USDT');

/** Moves the server's clock and feeds one BTC price at that moment. */
async function tickAt(time: number, price: string, symbol = 'BTC/USDT') {
  clock = time;
  server.setTime(time);
  const pushed = await pushTicks(server, symbol, [{ price, time }]);
  expect(pushed.message).toMatchObject({ accepted: 1 });
}

async function settledSoon(id: number, token = user.token): Promise<Option> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const option = await result(id, token);
    if (option.status !== 'open') return option;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`option ${id} did not settle by itself`);
}

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  user = await registerUser(server);
  credit(server, user.email, '1000', 'USDT', MICRO);
});

afterAll(async () => {
  await server.close();
});

describe('periods and balances', () => {
  it('offers 30, 60, 120 and 300 seconds with payout, fee, break-even win rate (counting the fee) and stake limits', async () => {
    const btc = (await server.get<Periods>('/microtrade/seconds', { match_id: BTC })).message;
    expect(btc.symbol).toBe('BTC/USDT');
    expect(btc.periods.map((period) => [period.seconds, period.payout_rate, period.fee_rate, period.break_even_win_rate])).toEqual([
      [30, '80', '0.1', '55.62'],
      [60, '82', '0.1', '55.00'],
      [120, '85', '0.1', '54.11'],
      [300, '88', '0.1', '53.25'],
    ]);
    expect(btc.periods[0]?.stakes[0]).toEqual({ currency_id: USDT, currency: 'USDT', min: '10', max: '5000' });
    // A stock can have its own periods.
    const apple = (await server.get<Periods>('/microtrade/seconds', { match_id: AAPL })).message;
    expect(apple).toMatchObject({ symbol: 'AAPL/USDT', market_open: true });
    expect(apple.periods.map((period) => period.seconds)).toEqual([60, 300]);
  });

  it('documents every parameter of /microtrade/* in the OpenAPI description', async () => {
    type Schema = { description?: string; properties?: Record<string, Schema> };
    type Operation = { summary?: string; parameters?: { name: string; description?: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } };
    const document = (await (await server.raw('/api/docs/json')).json()) as { paths: Record<string, Record<string, Operation>> };
    const options = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/microtrade/'));
    expect(options.map(([path]) => path).sort()).toEqual(['get_result', 'lists', 'payable_currencies', 'seconds', 'submit'].map((name) => `/api/microtrade/${name}`));
    const undocumented: string[] = [];
    for (const [path, operations] of options) {
      for (const operation of Object.values(operations)) {
        if (!operation.summary) undocumented.push(path);
        for (const parameter of operation.parameters ?? []) if (parameter.name !== 'lang' && !parameter.description) undocumented.push(`${path} ${parameter.name}`);
        const properties = Object.values(operation.requestBody?.content ?? {})[0]?.schema.properties ?? {};
        for (const [name, schema] of Object.entries(properties)) if (name !== 'lang' && !schema.description) undocumented.push(`${path} ${name}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('lists the payable currencies with the options account balance', async () => {
    expect(await micro()).toMatchObject({ currency: 'USDT', available: '1000.000000', frozen: '0.000000' });
  });
});

describe('an option from acceptance to settlement', () => {
  it('wins: stake plus stake × payout rate, on the first tick at or after expiry, both ticks recorded', async () => {
    await tickAt(START + 1000, '96000');
    const placed = await submit({ type: 'up', number: '100' });
    expect(placed.type).toBe('ok');
    const option = placed.message;
    expect(option).toMatchObject({ status: 'open', number: '100.000000', fee: '0.100000', payout_rate: '80', break_even_win_rate: '55.62', win_payout: '180.000000', settle_tick: null });
    expect(option.open_tick).toMatchObject({ time: START + 1000, price: '96000.00' });
    expect(option.expires_at - option.created_at).toBe(30_000);
    expect(option.seconds_left).toBe(30);
    // The stake is held; the 0.1% fee is charged on top of it at placement.
    expect(await micro()).toMatchObject({ available: '899.900000', frozen: '100.000000' });

    // A tick before expiry decides nothing.
    await tickAt(START + 30_000, '99000');
    await server.built.ctx.scheduler.runDue();
    expect((await result(option.id)).status).toBe('open');

    // The deciding tick arrives at expiry: the option settles by itself, nobody asks.
    await tickAt(option.expires_at, '96000.01');
    await tickAt(option.expires_at + 500, '90000');
    const settled = await settledSoon(option.id);
    expect(settled).toMatchObject({ status: 'won', payout: '180.000000', profit: '80.000000' });
    expect(settled.settle_tick).toMatchObject({ time: option.expires_at, price: '96000.01' });
    const stored = server.built.ctx.sqlite.prepare('SELECT symbol, time FROM ticks WHERE id = ?').get(settled.settle_tick?.id);
    expect(stored).toEqual({ symbol: 'BTC/USDT', time: option.expires_at });
    expect(await micro()).toMatchObject({ available: '1079.900000', frozen: '0.000000' });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('loses: the stake goes to the house', async () => {
    await tickAt(clock + 1000, '90000');
    const option = (await submit({ type: 'down', number: '50', seconds: 60 })).message;
    await tickAt(option.expires_at + 200, '90000.50');
    const settled = await settledSoon(option.id);
    expect(settled).toMatchObject({ status: 'lost', payout: '0.000000', profit: '-50.000000', settle_tick: { price: '90000.50' } });
    expect(await micro()).toMatchObject({ available: '1029.850000', frozen: '0.000000' });
    const house = server.built.ctx.sqlite.prepare("SELECT available FROM ledger_accounts WHERE system_code = 'house' AND currency_id = ?").get(USDT) as { available: number };
    // The house paid 80 on the win and took 50 on the loss.
    expect(house.available).toBe(-30_000_000);
  });

  it('ties: an equal price refunds the stake', async () => {
    await tickAt(clock + 1000, '91000');
    const option = (await submit({ type: 'up', number: '20', seconds: 120 })).message;
    await tickAt(option.expires_at, '91000');
    const settled = await settledSoon(option.id);
    expect(settled).toMatchObject({ status: 'tied', payout: '20.000000', profit: '0.000000' });
    // A tie refunds the stake; the fee stays paid.
    expect(await micro()).toMatchObject({ available: '1029.830000', frozen: '0.000000' });
    const types = server.built.ctx.sqlite.prepare("SELECT type FROM journal_entries WHERE ref_type = 'seconds_option' AND ref_id = ? ORDER BY id").all(String(option.id));
    expect(types).toEqual([{ type: 'option_stake' }, { type: 'option_fee' }, { type: 'option_settle' }]);
  });

  it("charges the fee to the fees account when placed, shows it on the record and in the bills, and tells the owner of the settlement in their language", async () => {
    const owner = await registerUser(server);
    credit(server, owner.email, '100', 'USDT', MICRO);
    const feesHeld = () => (server.built.ctx.sqlite.prepare("SELECT available FROM ledger_accounts WHERE system_code = 'fees' AND currency_id = ?").get(USDT) as { available: number } | undefined)?.available ?? 0;
    const before = feesHeld();
    await tickAt(clock + 1000, '93000');
    const option = (await submit({ type: 'up', number: '30' }, owner.token)).message;
    expect(option.fee).toBe('0.030000');
    expect(feesHeld() - before).toBe(30_000);
    expect((await result(option.id, owner.token)).fee).toBe('0.030000');
    const bills = await server.post<{ list: { type_name: string; amount: string }[] }>('/wallet/legal_log', { kind: 'option_fee' }, { token: owner.token, lang: 'en' });
    expect(bills.message.list).toMatchObject([{ type_name: 'Seconds option: trading fee', amount: '-0.030000' }]);

    await tickAt(option.expires_at, '93000.01');
    expect(await settledSoon(option.id, owner.token)).toMatchObject({ status: 'won', payout: '54.000000' });
    for (const [lang, text] of [
      ['en', 'Your option on BTC/USDT has settled: 54.00 USDT paid out.'],
      ['fra', 'Votre option sur BTC/USDT est réglée : 54,00 USDT versés.'],
    ]) {
      const notices = await server.get<{ list: { kind: string; content: string; link: string }[] }>('/notice/list', { limit: 50 }, { token: owner.token, lang });
      expect(notices.message.list.find((notice) => notice.kind === 'option.settled')).toMatchObject({ content: text, link: '/pages/transaction/seconds_order' });
    }
  });

  it('settles many options expiring together in one run, each on the same deciding tick', async () => {
    const others = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    for (const other of others) credit(server, other.email, '100', 'USDT', MICRO);
    await tickAt(clock + 1000, '92000');
    const placed = await Promise.all(others.flatMap((other) => [submit({ type: 'up', number: '10' }, other.token), submit({ type: 'down', number: '10' }, other.token)]));
    const ids = placed.map((entry) => entry.message.id);
    const expiries = new Set(placed.map((entry) => entry.message.expires_at));
    await tickAt(Math.max(...expiries) + 100, '92100');
    await server.built.ctx.scheduler.runDue();
    const settled = await Promise.all(ids.map((id, index) => result(id, others[Math.floor(index / 2)]?.token)));
    expect(settled.map((option) => option.status)).toEqual(['won', 'lost', 'won', 'lost', 'won', 'lost']);
    expect(new Set(settled.map((option) => option.settle_tick?.id)).size).toBe(1);
  });
});

describe('realtime', () => {
  it('tells the owner\'s sockets the moment an option settles', async () => {
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/socket.io`);
    const frames: { op?: string; ok?: boolean; channel?: string; data?: { kind?: string; refId?: number } }[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token: user.token }));
    const waitFor = async (match: (frame: (typeof frames)[number]) => boolean) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const found = frames.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no such frame');
    };
    expect((await waitFor((frame) => frame.op === 'auth')).ok).toBe(true);
    await tickAt(clock + 1000, '92000');
    const option = (await submit({ type: 'up', number: '10' })).message;
    await tickAt(option.expires_at, '92000.01');
    const settled = await waitFor((frame) => frame.channel === 'events' && frame.data?.kind === 'option.settled');
    expect(settled.data).toMatchObject({ refId: option.id, params: { status: 'won', payout: '18.000000', currency: 'USDT' } });
    socket.close();
  });
});

describe('lists', () => {
  it('pages the user\'s options, five by default, open or settled', async () => {
    await tickAt(clock + 1000, '92000');
    const open = (await submit({ type: 'up', number: '50', seconds: 300 })).message;
    const all = (await server.get<Page<Option>>('/microtrade/lists', {}, { token: user.token })).message;
    expect(all).toMatchObject({ page: 1, limit: 5, total: 5, has_more: false });
    expect(all.list[0]?.id).toBe(open.id);
    const openOnly = (await server.get<Page<Option>>('/microtrade/lists', { status: 'open', match_id: BTC }, { token: user.token })).message;
    expect(openOnly.list.map((option) => option.id)).toEqual([open.id]);
    const settled = (await server.get<Page<Option>>('/microtrade/lists', { status: 'settled', limit: 2, page: 2 }, { token: user.token })).message;
    expect(settled).toMatchObject({ page: 2, limit: 2, total: 4, has_more: false });
    expect(settled.list.map((option) => option.status)).toEqual(['lost', 'won']);
  });
});

describe('bad input: a clear error and nothing changed', () => {
  it('refuses a stake under the minimum, an unknown period, too little balance, an unknown pair or currency', async () => {
    await tickAt(clock + 1000, '92000');
    const before = await micro();
    const count = () => (server.built.ctx.sqlite.prepare('SELECT count(*) AS n FROM seconds_options').get() as { n: number }).n;
    const optionsBefore = count();
    expect((await submit({ type: 'up', number: '9.99' })).message).toBe('The minimum stake is 10.00 USDT');
    expect((await submit({ type: 'up', number: '5000.01' })).message).toBe('The maximum stake is 5,000.00 USDT');
    expect((await submit({ type: 'up', number: '10', seconds: 45 })).message).toBe('This option period is not offered. Choose one of 30, 60, 120, 300 seconds');
    expect((await submit({ type: 'up', number: '4000' })).message).toBe('Insufficient balance');
    expect((await submit({ type: 'up', number: '10', match_id: 999 })).message).toBe('Trading pair not found');
    expect((await submit({ type: 'up', number: '10', currency_id: 5 })).message).toMatch(/cannot be used to place options/);
    expect((await submit({ type: 'sideways', number: '10' })).type).toBe('error');
    expect((await submit({ type: 'up', number: '10.0000001' })).message).toBe('USDT allows at most 6 decimals');
    expect((await submit({ type: 'up', number: '-10' })).type).toBe('error');
    expect(await micro()).toEqual(before);
    expect(count()).toBe(optionsBefore);
  });

  it('answers someone else\'s option like a missing one', async () => {
    const mine = (await server.get<Page<Option>>('/microtrade/lists', {}, { token: user.token })).message.list[0] as Option;
    const other = await registerUser(server);
    expect((await server.get('/microtrade/get_result', { id: mine.id }, { token: other.token, lang: 'en' })).message).toBe('Option not found');
    expect((await server.get<Page<Option>>('/microtrade/lists', {}, { token: other.token })).message.total).toBe(0);
    expect((await server.get('/microtrade/get_result', { id: mine.id })).type).toBe('999');
  });

  it('takes stock options only while the exchange is open and when it stays open until expiry', async () => {
    await tickAt(clock + 1000, '230', 'AAPL/USDT');
    expect((await submit({ type: 'up', number: '10', match_id: AAPL, seconds: 30 })).message).toBe('This option period is not offered. Choose one of 60, 300 seconds');
    expect((await submit({ type: 'up', number: '10', match_id: AAPL, seconds: 60 })).type).toBe('ok');
    // 15:58 in New York: a 300-second option would outlive the session.
    await tickAt(Date.UTC(2026, 10, 24, 20, 58), '231', 'AAPL/USDT');
    expect((await submit({ type: 'up', number: '50', match_id: AAPL, seconds: 300 })).message).toBe("This stock's exchange closes before the option would expire. Choose a shorter period");
    server.setTime(Date.UTC(2026, 10, 24, 22, 0));
    expect((await submit({ type: 'up', number: '10', match_id: AAPL, seconds: 60 })).message).toMatch(/^This stock's exchange is closed/);
  });
});

describe('restart', () => {
  it('settles every option that expired while the server was down from the stored ticks', async () => {
    const time = Date.UTC(2026, 10, 25, 1, 0);
    await tickAt(time, '95000');
    const up = (await submit({ type: 'up', number: '10' })).message;
    const down = (await submit({ type: 'down', number: '10' })).message;
    // The feed's next tick is stamped at expiry and stored, then the server stops before settling anything.
    await pushTicks(server, 'BTC/USDT', [{ price: '95100', time: up.expires_at + 100 }]);
    runningServers.delete(server);
    await server.built.app.close();
    server = await startServer({}, { dataDir: server.dataDir, startAt: up.expires_at + 60_000 });
    await server.built.ctx.scheduler.runDue();
    const [won, lost] = [await result(up.id), await result(down.id)];
    expect(won).toMatchObject({ status: 'won', payout: '18.000000', settle_tick: { time: up.expires_at + 100, price: '95100.00' } });
    expect(lost).toMatchObject({ status: 'lost', settle_tick: { id: won.settle_tick?.id } });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('keeps options still running across a restart and settles them when their tick comes', async () => {
    const time = Date.UTC(2026, 10, 25, 2, 0);
    await tickAt(time, '95000');
    const option = (await submit({ type: 'down', number: '50', seconds: 300 })).message;
    runningServers.delete(server);
    await server.built.app.close();
    server = await startServer({}, { dataDir: server.dataDir, startAt: time + 10_000 });
    expect((await result(option.id)).status).toBe('open');
    await tickAt(option.expires_at + 1, '94000');
    expect(await settledSoon(option.id)).toMatchObject({ status: 'won', payout: '94.000000' });
  });
});

describe('idempotency', () => {
  it('answers a repeated client_oid with the first option and takes the stake once, even when the price has moved on', async () => {
    await tickAt(clock + 1000, '93000');
    const before = await micro();
    const first = await submit({ type: 'up', number: '10', client_oid: 'option-tap-1' });
    await tickAt(clock + 1000, '93100');
    const again = await submit({ type: 'up', number: '10', client_oid: 'option-tap-1' });
    expect(again.message).toMatchObject({ id: first.message.id, open_tick: first.message.open_tick });
    // One stake and one 0.1% fee: 10.01 leaves the account once.
    expect(Number(before?.available) - Number((await micro())?.available)).toBeCloseTo(10.01, 6);
    const settled = first.message;
    await tickAt(settled.expires_at, '93000');
    expect((await settledSoon(settled.id)).status).toBe('tied');
  });
});
