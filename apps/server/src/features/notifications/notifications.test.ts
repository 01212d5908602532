import { readdirSync, readFileSync } from 'node:fs';
import { formatSignificant } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bindPhone, credit, freshIp, latestCode, pushTicks, registerUser, startServer, TINY_PNG, type TestServer, uniquePhone, upload } from '../../../test/harness.ts';
import { MARKET_MAKER_EMAIL } from '../../market-maker/market-maker.ts';
import { NFT_MESSAGE_KINDS } from '../../db/schema/nft.ts';
import { EMITTED_PARAMS } from './emitted-kinds.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';

let server: TestServer;
const sockets: WebSocket[] = [];

interface Notice {
  id: number;
  kind: string;
  category: string;
  title: string;
  content: string;
  link: string;
  read: boolean;
}
interface NoticePage {
  list: Notice[];
  total: number;
  unread: number;
}

/** Values for every placeholder any message uses. */
const SAMPLE_PARAMS = {
  amount: '12.5', currency: 'USDT', reason: 'blurred photo', level: 1, fee: '1', device: 'Chrome on macOS', ip: '203.0.113.9', amount_in: '1', from: 'BTC', amount_out: '90000',
  to: 'USDT', count: 3, days: 30, day: 2, penalty: '0', token: 'NEW', held: '100', allocated: '50', paid: '50', refunded: '50', payout: '101', symbol: 'BTC/USDT', price: '90000', pnl: '-3.2', name: 'Sunrise #7',
  code: 'ART-7', margin: '10', lots: 2, wanted: 4, seconds: 60, hours: 2, trigger_price: '89000', tick_price: '88990', trader: 'Alpha', nickname: 'Alpha', tick_id: 4711, share: '0.5',
  side: 'buy', quantity: '0.00050000', base: 'BTC', average_price: '96411.5', quote: 'USDT', phone: '138****0000', chain: 'TRC20', address: 'TR7NHq…Lj6t',
};
const LANGUAGES = ['zh', 'hk', 'en', 'jp', 'kor', 'th', 'fra', 'spa', 'may', 'vi'];

const userIdOf = (email: string) => (server.built.ctx.sqlite.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
const personal = (page: NoticePage) => page.list.filter((notice) => notice.kind !== 'announcement');
const emit = (userId: number, kind: string, refId: number | string = 1) =>
  server.built.ctx.bus.emit('user', { userId, kind, refType: 'test', refId, params: SAMPLE_PARAMS, time: server.built.ctx.now() });
const list = (token: string, lang: string, query: Record<string, unknown> = {}) => server.get<NoticePage>('/notice/list', { limit: 100, ...query }, { token, lang });
const unread = async (token: string) => (await server.get<{ unread: number }>('/notice/unread', {}, { token })).message.unread;
const mailsTo = (email: string) => server.built.ctx.sqlite.prepare('SELECT subject, body FROM outbox_messages WHERE to_address = ? ORDER BY id').all(email) as { subject: string; body: string }[];

async function authenticatedSocket(token: string) {
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/socket.io`);
  sockets.push(socket);
  const frames: { op?: string; ok?: boolean; channel?: string; data?: { id: number; kind: string; unread: number } }[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  socket.send(JSON.stringify({ op: 'auth', token }));
  const waitFor = async (match: (frame: (typeof frames)[number]) => boolean) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error('no matching frame');
  };
  await waitFor((frame) => frame.op === 'auth' && frame.ok === true);
  return { frames, waitFor };
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('the notification centre', () => {
  it('turns a real transfer into a message in the reader\'s language, linked to the transfer history', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '100', 'USDT');
    expect((await server.post('/wallet/change', { currency_id: 'USDT', number: '25', from_field: 'change', to_field: 'stock' }, { token: user.token })).type).toBe('ok');

    const english = personal((await list(user.token, 'en')).message);
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ kind: 'transfer.completed', title: 'Wallet', content: 'You moved 25.00 USDT between your accounts.', link: '/pages/fund/transfer_history', read: false });
    const chinese = personal((await list(user.token, 'zh')).message);
    expect(chinese[0]?.content).toBe('您已在账户间划转 25.00 USDT。');
  });

  it('tells the owner when a spot order fills, after the trade committed, linked to the order; the market maker hears nothing', async () => {
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.5' }]);
    const user = await registerUser(server);
    credit(server, user.email, '2000', 'USDT');
    const order = await server.post<{ id: number; status: string; average_price: string }>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token: user.token });
    expect(order.message.status).toBe('filled');
    // The average price as the order page answers it, read with thousands separators: '96411.50' as 96,411.50.
    const price = formatSignificant(order.message.average_price);
    const filled = personal((await list(user.token, 'en')).message).filter((notice) => notice.kind === 'spot.order_filled');
    expect(filled).toEqual([
      expect.objectContaining({ title: 'Trading', content: `Your buy order for 0.01 BTC on BTC/USDT was filled at an average price of ${price} USDT.`, link: `/pages/transaction/currency_order?id=${order.message.id}` }),
    ]);
    expect(personal((await list(user.token, 'jp')).message).find((notice) => notice.kind === 'spot.order_filled')?.content).toBe(`BTC/USDT の買い注文 0.01 BTC が平均価格 ${price} USDT で約定しました。`);
    credit(server, user.email, '1', 'BTC');
    expect((await server.post<{ status: string }>('/coin/trade', { amount: '0.005', currency_id: 1, legal_id: 3, type: 2 }, { token: user.token })).message.status).toBe('filled');
    const sold = personal((await list(user.token, 'fra')).message).find((notice) => notice.kind === 'spot.order_filled');
    expect(sold?.content).toMatch(/^Votre ordre de vente de 0,005 BTC sur BTC\/USDT a été exécuté au prix moyen de [\d\u202f]+,\d{2} USDT\.$/);
    const makerNotices = server.built.ctx.sqlite.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'spot.order_filled'").get(userIdOf(MARKET_MAKER_EMAIL)) as { n: number };
    expect(makerNotices.n).toBe(0);
  });

  it('tells the owner of a liquidated futures position, in the reader\'s language', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '1000', 'USDT', 3);
    const feed = (price: string) => pushTicks(server, 'BTC/USDT', [{ price, volume: '0.1', time: server.built.ctx.now() }]);
    await feed('100000');
    const opened = await server.post<{ id: number; liquidation_price: string }>('/lever/submit', { currency_id: 1, legal_id: 3, order_type: 'market', type: 1, lots: 10, multiple: 100 }, { token: user.token });
    expect(opened.type).toBe('ok');
    await feed(opened.message.liquidation_price);
    const liquidated = async (lang: string) => personal((await list(user.token, lang)).message).find((notice) => notice.kind === 'futures.liquidated');
    expect(await liquidated('en')).toMatchObject({ title: 'Trading', content: expect.stringMatching(/^Your position on BTC\/USDT was liquidated with a profit or loss of -[\d,]+\.\d{2,6} USDT\.$/), link: '/pages/transaction/contract_order' });
    expect((await liquidated('spa'))?.content).toMatch(/^Tu posición en BTC\/USDT/);
  });

  it('has a text in every language for every kind it maps, with every value filled in', async () => {
    const user = await registerUser(server);
    const userId = userIdOf(user.email);
    const kinds = Object.keys(NOTIFICATION_KINDS);
    for (const kind of kinds) emit(userId, kind);
    for (const lang of LANGUAGES) {
      const notices = personal((await list(user.token, lang, { limit: 100 })).message);
      expect(notices.map((notice) => notice.kind).sort()).toEqual([...kinds].sort());
      for (const notice of notices) {
        expect(notice.content, `${lang} ${notice.kind}`).not.toMatch(/\{\{|messages\.|categories\./);
        expect(notice.title, `${lang} ${notice.kind}`).not.toMatch(/categories\./);
      }
    }
    const english = personal((await list(user.token, 'en')).message);
    expect(english.find((notice) => notice.kind === 'withdrawal.rejected')?.content).toBe('Your withdrawal of 12.50 USDT was rejected: blurred photo');
    expect(english.find((notice) => notice.kind === 'lock_mining.yield_paid')?.link).toBe('/pages/lockming/order?id=1');
    // A follower reads whose position was copied, at which tick, and the profit share the close paid.
    expect(english.find((notice) => notice.kind === 'copy.position_opened')?.content).toBe("Copied Alpha's BTC/USDT position: 2 lots opened at tick #4711.");
    expect(english.find((notice) => notice.kind === 'copy.position_closed')?.content).toBe('A copied position on BTC/USDT was closed with a profit or loss of -3.20 USDT; profit share paid to Alpha: 0.50 USDT.');
    expect(english.find((notice) => notice.kind === 'spot.order_filled')?.content).toBe('Your buy order for 0.0005 BTC on BTC/USDT was filled at an average price of 96,411.50 USDT.');
  });

  it('keeps the plain text for a filled order stored before its quantity and price were recorded', async () => {
    const user = await registerUser(server);
    server.built.ctx.bus.emit('user', { userId: userIdOf(user.email), kind: 'spot.order_filled', refType: 'spot_order', refId: 1, params: { symbol: 'BTC/USDT', side: 'buy' }, time: server.built.ctx.now() });
    expect(personal((await list(user.token, 'en')).message)[0]?.content).toBe('Your BTC/USDT order was filled.');
  });

  it('keeps an event of a kind it does not know, with a neutral text', async () => {
    const user = await registerUser(server);
    emit(userIdOf(user.email), 'something.new');
    const [notice] = personal((await list(user.token, 'en')).message);
    expect(notice).toMatchObject({ kind: 'something.new', title: 'Account', content: 'Your account has been updated.' });
  });

  it('counts unread messages, marks one or all read, and lists only unread ones on request', async () => {
    const user = await registerUser(server);
    const userId = userIdOf(user.email);
    await server.post('/notice/read_all', {}, { token: user.token });
    expect(await unread(user.token)).toBe(0);
    emit(userId, 'deposit.credited', 1);
    emit(userId, 'deposit.credited', 2);
    emit(userId, 'ieo.unlocked', 3);
    expect(await unread(user.token)).toBe(3);

    const [first] = (await list(user.token, 'en', { unread: 1 })).message.list;
    const read = await server.post<Notice & { unread: number }>('/notice/read', { id: first?.id }, { token: user.token });
    expect(read.message).toMatchObject({ id: first?.id, read: true, unread: 2 });
    expect((await list(user.token, 'en', { unread: 1 })).message.list.map((notice) => notice.id)).not.toContain(first?.id);
    // Marking it again changes nothing.
    expect((await server.post<{ unread: number }>('/notice/read', { id: first?.id }, { token: user.token })).message.unread).toBe(2);

    expect((await server.post<{ marked: number }>('/notice/read_all', {}, { token: user.token })).message.marked).toBe(2);
    expect(await unread(user.token)).toBe(0);
    expect((await list(user.token, 'en', { unread: 1 })).message.total).toBe(0);
  });

  it('answers "not found" for another user\'s message and leaves it unread', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    emit(userIdOf(owner.email), 'dual.settled');
    const [mine] = personal((await list(owner.token, 'en')).message);
    const refused = await server.post('/notice/read', { id: mine?.id }, { token: stranger.token, lang: 'en' });
    expect(refused).toMatchObject({ type: 'error', message: 'Record not found' });
    expect(personal((await list(owner.token, 'en')).message)[0]?.read).toBe(false);
    expect((await server.post('/notice/read', { id: 99_999_999 }, { token: owner.token })).type).toBe('error');
    expect((await server.post('/notice/read', { id: 'abc' }, { token: owner.token })).type).toBe('error');
  });

  it('needs a session', async () => {
    expect((await server.get('/notice/list')).type).toBe('999');
    expect((await server.get('/notice/unread')).type).toBe('999');
    expect((await server.post('/notice/read_all', {})).type).toBe('999');
  });

  it('shows the console\'s published news as announcements, in the reader\'s language', async () => {
    const user = await registerUser(server);
    const announcements = (await list(user.token, 'en')).message.list.filter((notice) => notice.kind === 'announcement');
    expect(announcements.length).toBeGreaterThan(0);
    const article = server.built.ctx.sqlite
      .prepare("SELECT a.id, t.title FROM news_articles a JOIN news_translations t ON t.article_id = a.id AND t.lang = 'en' WHERE a.category_id = 4 AND a.id = ?")
      .get(Number(announcements[0]?.link.split('=')[1])) as { id: number; title: string };
    expect(announcements[0]).toMatchObject({ title: 'Announcement', content: article.title, link: `/pages/common/article?id=${article.id}` });
    // Listing again does not announce twice.
    expect((await list(user.token, 'en')).message.list.filter((notice) => notice.kind === 'announcement')).toHaveLength(announcements.length);
  });

  it('delivers a new message live to the owner\'s socket only, with the new unread count', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    await server.post('/notice/read_all', {}, { token: owner.token });
    const ownerSocket = await authenticatedSocket(owner.token);
    const strangerSocket = await authenticatedSocket(stranger.token);
    emit(userIdOf(owner.email), 'deposit.credited', 42);
    const frame = await ownerSocket.waitFor((candidate) => candidate.channel === 'notifications');
    expect(frame.data).toMatchObject({ kind: 'deposit.credited', unread: 1 });
    await new Promise((done) => setTimeout(done, 100));
    expect(strangerSocket.frames.filter((candidate) => candidate.channel === 'notifications')).toEqual([]);
  });

  it('mails the security-relevant messages whose emitter does not mail already', async () => {
    const user = await registerUser(server);
    const userId = userIdOf(user.email);
    const before = mailsTo(user.email).length;
    emit(userId, 'withdrawal.paid');
    emit(userId, 'deposit.credited');
    emit(userId, 'account.new_device_login');
    await new Promise((done) => setTimeout(done, 200));
    const sent = mailsTo(user.email).slice(before);
    expect(sent).toHaveLength(1);
    // Signed up without saying otherwise: the site's default language.
    expect(sent[0]?.subject).toContain('提现');
    expect(sent[0]?.body).toContain('12.50 USDT');
  });

  it('writes each mail, template lines included, in the language the user last used the app in: the setting, then a login', async () => {
    const user = await registerUser(server);
    const userId = userIdOf(user.email);
    const mailed = async () => {
      const before = mailsTo(user.email).length;
      emit(userId, 'withdrawal.paid');
      await new Promise((done) => setTimeout(done, 200));
      return mailsTo(user.email).slice(before)[0];
    };
    expect((await server.post('/user/lang', { lang: 'en' }, { token: user.token })).type).toBe('ok');
    const english = await mailed();
    expect(english?.subject).toBe('OpenBourse: Withdrawal');
    expect(english?.body).toContain('Your withdrawal of 12.50 USDT was approved and sent.');
    expect(english?.body).toContain('Our support staff will never ask for your password');

    expect(await server.post('/user/login', { user_string: user.email, password: user.password }, { lang: 'kor' })).toMatchObject({ type: 'ok' });
    const korean = await mailed();
    expect(korean?.subject).toBe('OpenBourse: 출금');
    expect(korean?.body).toContain('12.50 USDT 출금이 승인되어 전송되었습니다.');
    expect(korean?.body).toContain('고객지원팀은 절대로 비밀번호');

    expect((await server.post('/user/lang', { lang: 'xx' }, { token: user.token, lang: 'en' })).type).toBe('error');
    expect((await server.post('/user/lang', { lang: 'en' })).type).toBe('999');
  });

  it('writes a listed verification refusal reason, stored as its code, in the reader\'s language', async () => {
    const user = await registerUser(server);
    server.built.ctx.bus.emit('user', { userId: userIdOf(user.email), kind: 'verification.rejected', refType: 'identity_verification', refId: 1, params: { level: 1, reason_code: 'blurred' }, time: server.built.ctx.now() });
    const content = async (lang: string) => personal((await list(user.token, lang)).message).find((notice) => notice.kind === 'verification.rejected')?.content;
    expect(await content('en')).toBe('Your identity verification (level 1) was rejected: The document picture is blurred or has glare and cannot be read');
    expect(await content('zh')).not.toMatch(/rejectReasons|blurred/);
  });
});

describe('security and payout-address notices', () => {
  const UNLESS_YOU = 'If you did not do this, contact customer service at once.';
  const noticesOf = async (token: string, kind: string, lang = 'en') => personal((await list(token, lang)).message).filter((notice) => notice.kind === kind);
  /** The mails sent to an address after `before` of them, once the notification centre's mail (not awaited) has gone out. */
  const mailsAfter = async (email: string, before: number) => {
    await new Promise((done) => setTimeout(done, 200));
    return mailsTo(email).slice(before);
  };
  /** A user who reads the app (and so the mails) in English. */
  async function englishUser() {
    const user = await registerUser(server);
    expect((await server.post('/user/lang', { lang: 'en' }, { token: user.token })).type).toBe('ok');
    return user;
  }

  it('tells of a new anti-phishing code without the code, and mails it under the new code', async () => {
    const user = await englishUser();
    const before = mailsTo(user.email).length;
    const refused = await server.post('/safe/anti_phishing', { anti_phishing_code: 'no' }, { token: user.token, lang: 'en' });
    expect(refused.type).toBe('error');
    expect(await noticesOf(user.token, 'account.anti_phishing_set')).toEqual([]);

    expect((await server.post('/safe/anti_phishing', { anti_phishing_code: 'Owl2024' }, { token: user.token })).type).toBe('ok');
    const [notice] = await noticesOf(user.token, 'account.anti_phishing_set');
    expect(notice).toMatchObject({
      title: 'Account security',
      content: `Your anti-phishing code was set. From now on it is shown at the top of every email we send you. ${UNLESS_YOU}`,
      link: '/pages/setting/security',
    });
    for (const lang of LANGUAGES) expect((await noticesOf(user.token, 'account.anti_phishing_set', lang))[0]?.content, lang).not.toContain('Owl2024');
    const [mail] = await mailsAfter(user.email, before);
    expect(mail?.subject).toBe('OpenBourse: Account security');
    expect(mail?.body).toContain(notice?.content);
    // The code appears only where every mail shows it: the template's line above the message.
    expect(mail?.body.split('\n').filter((line) => line.includes('Owl2024'))).toHaveLength(1);
    expect(mail?.body.indexOf('Owl2024')).toBeLessThan(mail?.body.indexOf(notice?.content ?? '') ?? 0);

    expect((await server.post('/safe/anti_phishing', { anti_phishing_code: 'Fox2025' }, { token: user.token })).type).toBe('ok');
    expect(await noticesOf(user.token, 'account.anti_phishing_set')).toHaveLength(2);
  });

  it('tells of a linked phone with the number masked, and mails it', async () => {
    const user = await englishUser();
    const before = mailsTo(user.email).length;
    const mobile = uniquePhone();
    await bindPhone(server, user.token, mobile);
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
    const [notice] = await noticesOf(user.token, 'account.phone_linked');
    expect(notice).toMatchObject({ title: 'Account security', content: `The phone number ${masked} was linked to your account. ${UNLESS_YOU}`, link: '/pages/setting/security' });
    expect((await noticesOf(user.token, 'account.phone_linked', 'zh'))[0]?.content).toBe(`您的账户已绑定手机号 ${masked}。如非本人操作，请立即联系客服。`);
    const [mail] = await mailsAfter(user.email, before);
    expect(mail?.body).toContain(masked);
    expect(mail?.body).not.toContain(mobile);
    // The same masking as the profile answers.
    expect((await server.get<{ masked_phone: string }>('/user/info', {}, { token: user.token })).message.masked_phone).toBe(masked);
  });

  it('tells of the first fund password as set and of a later one as changed, each once', async () => {
    const user = await englishUser();
    server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = 1 WHERE email = ?').run(user.email);
    const setFund = async (password: string) => {
      server.advance(61_000);
      const ip = freshIp();
      expect((await server.post('/sms_mail', { scene: 'safe' }, { token: user.token, ip })).type).toBe('ok');
      const code = await latestCode(server, user.email);
      return server.post('/safe/update_password', { password, re_password: password, code }, { token: user.token, ip });
    };
    const before = mailsTo(user.email).length;
    expect((await setFund('Fund12345')).type).toBe('ok');
    expect(await noticesOf(user.token, 'account.fund_password_set')).toEqual([expect.objectContaining({ title: 'Account security', content: `Your fund password was set. ${UNLESS_YOU}`, link: '/pages/setting/security' })]);
    expect(await noticesOf(user.token, 'account.fund_password_changed')).toEqual([]);
    expect((await mailsAfter(user.email, before)).map((mail) => mail.body).filter((body) => body.includes('Your fund password was set.'))).toHaveLength(1);

    expect((await setFund('Fund67890')).type).toBe('ok');
    expect(await noticesOf(user.token, 'account.fund_password_set')).toHaveLength(1);
    expect(await noticesOf(user.token, 'account.fund_password_changed')).toHaveLength(1);
  });

  it('tells of a saved withdrawal address with its coin, chain, shortened address and name, and mails it; a refused one tells nothing', async () => {
    const user = await englishUser();
    const qrcode = (await upload(server, user.token, TINY_PNG, 'qr.png', 'wallet')).message;
    const before = mailsTo(user.email).length;
    const save = () => server.post('/user/wallet/save', { currency: 'USDT', chain: 'TRC20', name: 'Ledger', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrcode }, { token: user.token, lang: 'en' });
    expect((await save()).type).toBe('ok');
    expect(await save()).toEqual({ type: 'error', message: 'This address is already saved' });
    const notices = await noticesOf(user.token, 'withdrawal.address_added');
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Withdrawal', content: `A withdrawal address was added: USDT on TRC20, TR7NHq…Lj6t (Ledger). ${UNLESS_YOU}`, link: '/pages/setting/wallet' }),
    ]);
    expect((await noticesOf(user.token, 'withdrawal.address_added', 'kor'))[0]?.content).toBe('출금 주소가 추가되었습니다: USDT(TRC20) TR7NHq…Lj6t(Ledger). 본인이 하지 않았다면 즉시 고객센터에 문의하세요.');
    const mails = await mailsAfter(user.email, before);
    expect(mails.map((mail) => mail.subject)).toEqual(['OpenBourse: Withdrawal']);
    expect(mails[0]?.body).toContain('TR7NHq…Lj6t (Ledger)');
  });
});

/** The server's own source files outside tests and outside this feature, line by line. */
function serverSourceLines(): string[] {
  const root = new URL('../../', import.meta.url);
  const lines: string[] = [];
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('notifications/')) continue;
    lines.push(...readFileSync(new URL(file, root), 'utf8').split('\n'));
  }
  return lines;
}

/** Every kind the server's own code writes out ('area.event') next to the word `kind` or in an `emit(` call. */
function kindsInServerSource(): Set<string> {
  const found = new Set<string>();
  for (const line of serverSourceLines()) {
    if (!/\bkind\b|emit\(/.test(line)) continue;
    for (const match of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.add(match[1] as string);
  }
  return found;
}

/** The NFT kinds the marketplace emits through its `message(tx, user, '<kind>', …)` helper (as `nft.<kind>`). */
function nftKindsInServerSource(): Set<string> {
  const found = new Set<string>();
  for (const line of serverSourceLines()) {
    for (const match of line.matchAll(/message\(tx, [^,]+, '([a-z_]+)'/g)) found.add(`nft.${match[1]}`);
  }
  return found;
}

/** Built at run time in exchange/conditional-orders.ts from the fired leg's kind (stop_limit → stop). */
const CONDITIONAL_TRIGGER_KINDS = ['spot.stop_triggered', 'spot.take_profit_triggered', 'spot.stop_loss_triggered'];

type Texts = { messages: Record<string, Record<string, string>> };
const textsOf = (lang: string) => JSON.parse(readFileSync(new URL(`../../../../../packages/i18n/locales/${lang}/notifications.json`, import.meta.url), 'utf8')) as Texts;

describe('the kinds the server emits', () => {
  it('all have an entry, and so a text of their own', () => {
    const emitted = new Set([...kindsInServerSource(), ...Object.keys(EMITTED_PARAMS), ...NFT_MESSAGE_KINDS.map((kind) => `nft.${kind}`)]);
    expect(emitted.size).toBeGreaterThan(40);
    expect([...emitted].filter((kind) => !(kind in NOTIFICATION_KINDS)).sort()).toEqual([]);
  });

  it('are all the centre lists: every kind with an entry is emitted somewhere (no text waits for an event that never comes)', () => {
    const emitted = new Set([...kindsInServerSource(), ...nftKindsInServerSource(), ...CONDITIONAL_TRIGGER_KINDS]);
    expect(Object.keys(NOTIFICATION_KINDS).filter((kind) => !emitted.has(kind)).sort()).toEqual([]);
  });

  it('are written only with the values their emitters send, in every language', () => {
    for (const lang of LANGUAGES) {
      const { messages } = textsOf(lang);
      for (const [kind, params] of Object.entries(EMITTED_PARAMS)) {
        const [area, event] = kind.split('.') as [string, string];
        expect(messages[area]?.[event], `${lang} ${kind}`).toBeTruthy();
        // The kind's text and its variants by context (`order_filled_buy`).
        for (const [key, text] of Object.entries(messages[area] ?? {}).filter(([key]) => key === event || key.startsWith(`${event}_`))) {
          const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
          expect(used.filter((name) => !params.includes(name as string)), `${lang} ${area}.${key}`).toEqual([]);
        }
      }
    }
  });

  it('link trading and NFT messages to the pages that show them', () => {
    const link = (kind: string) => NOTIFICATION_KINDS[kind]?.link({ refId: 1, params: {} });
    expect(link('futures.margin_added')).toBe('/pages/transaction/contract_order');
    expect(link('option.placed')).toBe('/pages/transaction/seconds_order');
    expect(link('nft.margin_paid')).toBe('/pages/nft/mine');
    expect(link('nft.box_opened')).toBe('/pages/nft/myNft');
    expect(link('spot.take_profit_triggered')).toBe('/pages/transaction/order');
  });
});
