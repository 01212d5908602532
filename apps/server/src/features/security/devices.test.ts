import { beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { freshDevice, freshIp, registerUser, startServer, type TestServer, uniqueEmail } from '../../../test/harness.ts';

let server: TestServer;
const events: UserEvent[] = [];

beforeAll(async () => {
  server = await startServer();
  server.built.ctx.bus.on('user', (event) => events.push(event));
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_UPDATED = ANDROID.replace('Chrome/126', 'Chrome/127');

interface SessionEntry {
  id: number;
  device: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  current: boolean;
}

interface HistoryEntry {
  time: number;
  ip: string;
  device: string;
  success: boolean;
  failure: string | null;
}

interface OutboxEntry {
  subject: string;
  text: string;
  code: string | null;
}

async function loginFrom(email: string, password: string, ip: string, userAgent: string): Promise<string> {
  const answer = await server.post<string>('/user/login', { user_string: email, password }, { ip, userAgent, lang: 'en' });
  if (answer.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.message;
}

const outbox = async (to: string) => (await server.get<OutboxEntry[]>('/dev/outbox', { to })).message;
const newDeviceMails = async (to: string) => (await outbox(to)).filter((mail) => mail.subject.startsWith('New login'));

describe('sessions', () => {
  it('lists the devices logged in, this one first, with device names parsed from the User-Agent', async () => {
    const { email, password } = await registerUser(server);
    const phone = await loginFrom(email, password, '10.1.0.1', IPHONE);
    await loginFrom(email, password, '10.1.0.2', ANDROID);
    const list = (await server.get<SessionEntry[]>('/safe/sessions', {}, { token: phone })).message;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, ip: '10.1.0.1', device: 'Safari 17 · iPhone (iOS 17.4)' });
    expect(list.filter((entry) => entry.current)).toHaveLength(1);
    expect(list.map((entry) => entry.device)).toContain('Chrome 126 · Android 14');
    for (const entry of list) expect(entry.last_seen_at).toBeGreaterThanOrEqual(entry.created_at);
  });

  it('updates "last seen" when a session is used, at most once a minute', async () => {
    const { email, password } = await registerUser(server);
    const token = await loginFrom(email, password, freshIp(), IPHONE);
    const seen = async () => (await server.get<SessionEntry[]>('/safe/sessions', {}, { token })).message[0]?.last_seen_at ?? 0;
    const first = await seen();
    server.advance(30_000);
    expect(await seen()).toBe(first);
    server.advance(31_000);
    expect(await seen()).toBeGreaterThanOrEqual(first + 61_000);
  });

  it('logs out one session, never another user\'s, and all others at once', async () => {
    const { email, password, token: first } = await registerUser(server);
    const second = await loginFrom(email, password, freshIp(), ANDROID);
    const third = await loginFrom(email, password, freshIp(), IPHONE);
    const stranger = await registerUser(server);
    const strangerSessions = (await server.get<SessionEntry[]>('/safe/sessions', {}, { token: stranger.token })).message;
    const mine = (await server.get<SessionEntry[]>('/safe/sessions', {}, { token: third })).message;

    // Someone else's id answers like one that does not exist, and changes nothing.
    for (const id of [strangerSessions[0]?.id, 999_999]) {
      expect(await server.post('/safe/sessions/revoke', { id }, { token: third, lang: 'en' })).toEqual({ type: 'error', message: 'Device session not found' });
    }
    expect((await server.get('/user/info', {}, { token: stranger.token })).type).toBe('ok');
    expect((await server.post('/safe/sessions/revoke', { id: 'abc' }, { token: third })).type).toBe('error');

    const androidSession = mine.find((entry) => entry.device.startsWith('Chrome'));
    expect((await server.post('/safe/sessions/revoke', { id: androidSession?.id }, { token: third, lang: 'en' })).message).toBe('That device has been logged out');
    expect((await server.get('/user/info', {}, { token: second })).type).toBe('999');
    // Once ended, it is gone.
    expect((await server.post('/safe/sessions/revoke', { id: androidSession?.id }, { token: third })).type).toBe('error');

    expect((await server.post('/safe/sessions/revoke_others', {}, { token: third, lang: 'en' })).message).toBe('Other devices logged out: 1');
    expect((await server.get('/user/info', {}, { token: first })).type).toBe('999');
    expect((await server.get('/user/info', {}, { token: third })).type).toBe('ok');
    expect((await server.get<SessionEntry[]>('/safe/sessions', {}, { token: third })).message).toHaveLength(1);
    expect((await server.get('/safe/sessions')).type).toBe('999');
  });
});

describe('the session cache', () => {
  // Writes straight to the database, as another process (pnpm ops) or an operator's tool would: no code path of this server is told.
  const write = (sql: string, ...values: unknown[]) => server.built.ctx.sqlite.prepare(sql).run(...values);
  const info = (token: string) => server.get('/user/info', {}, { token });
  const trade = (token: string) => server.post('/coin/trade', { amount: '0.001', target_price: '1000', currency_id: 1, legal_id: 3, type: 1 }, { token, lang: 'en' });

  it('ends a session revoked or expired elsewhere on the very next request, even one read a moment ago', async () => {
    const { token } = await registerUser(server);
    expect((await info(token)).type).toBe('ok');
    write('UPDATE sessions SET revoked_at = ? WHERE user_id = (SELECT user_id FROM sessions WHERE revoked_at IS NULL ORDER BY id DESC LIMIT 1)', Date.now());
    expect((await info(token)).type).toBe('999');

    const other = await registerUser(server);
    expect((await info(other.token)).type).toBe('ok');
    write('UPDATE sessions SET expires_at = ? WHERE id = (SELECT max(id) FROM sessions)', Date.now() - 1);
    expect((await info(other.token)).type).toBe('999');
  });

  it('refuses a user frozen elsewhere on the next trade, and lets them trade again once unfrozen', async () => {
    const { email, token } = await registerUser(server);
    expect((await trade(token)).message).toBe('Insufficient balance');
    write('UPDATE users SET frozen_at = ?, frozen_reason = ? WHERE email = ?', Date.now(), 'compliance review', email);
    expect(String((await trade(token)).message)).toContain('compliance review');
    write('UPDATE users SET frozen_at = NULL, frozen_reason = NULL WHERE email = ?', email);
    expect((await trade(token)).message).toBe('Insufficient balance');
  });
});

describe('login history', () => {
  it('shows each attempt with time, IP, device and why it failed, to its owner only', async () => {
    const { email, password, token } = await registerUser(server);
    await server.post('/user/login', { user_string: email, password: 'Wrong12345' }, { ip: '10.2.0.1', userAgent: ANDROID });
    await loginFrom(email, password, '10.2.0.2', IPHONE);
    const history = (await server.get<{ list: HistoryEntry[]; total: number }>('/safe/login_history', { page: 1, limit: 10 }, { token })).message;
    // Sign-up, the failure and the success.
    expect(history.total).toBe(3);
    expect(history.list[0]).toMatchObject({ success: true, failure: null, ip: '10.2.0.2', device: 'Safari 17 · iPhone (iOS 17.4)' });
    expect(history.list[1]).toMatchObject({ success: false, failure: 'password', ip: '10.2.0.1', device: 'Chrome 126 · Android 14' });
    expect(history.list[0]?.time).toBeGreaterThan(0);

    const stranger = await registerUser(server);
    expect((await server.get<{ total: number }>('/safe/login_history', {}, { token: stranger.token })).message.total).toBe(1);
    expect((await server.get('/safe/login_history', { page: -1 }, { token })).type).toBe('error');
    expect((await server.get('/safe/login_history')).type).toBe('999');
  });
});

describe('the new-device mail', () => {
  it('goes out once per new IP or browser, never for a known one, with time, IP, device and what to do', async () => {
    const email = uniqueEmail('devices');
    const ip = freshIp();
    const registered = await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip, userAgent: IPHONE });
    expect(registered.type).toBe('ok');
    const code = (await outbox(email))[0]?.code ?? '';
    await server.post('/user/register', { user_string: email, code, password: 'Secret123', re_password: 'Secret123', device_token: freshDevice() }, { ip, userAgent: IPHONE });
    const before = events.length;

    // The device it signed up on is known.
    await loginFrom(email, 'Secret123', ip, IPHONE);
    expect(await newDeviceMails(email)).toHaveLength(0);

    // A new IP: one mail, and none the second time.
    await loginFrom(email, 'Secret123', '10.3.0.9', ANDROID);
    await loginFrom(email, 'Secret123', '10.3.0.9', ANDROID);
    // A browser update is not a new device.
    await loginFrom(email, 'Secret123', '10.3.0.9', ANDROID_UPDATED);
    const mails = await newDeviceMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('IP address: 10.3.0.9');
    expect(mails[0]?.text).toContain('Device: Chrome 126 · Android 14');
    expect(mails[0]?.text).toMatch(/Time: .*20\d\d.*UTC/);
    expect(mails[0]?.text).toContain('If it was not you: change your login password now');

    // Another browser from a known IP is new again.
    await loginFrom(email, 'Secret123', '10.3.0.9', IPHONE);
    expect(await newDeviceMails(email)).toHaveLength(2);

    const loginEvents = events.slice(before).filter((event) => event.kind === 'account.new_device_login');
    expect(loginEvents).toHaveLength(2);
    expect(loginEvents[0]?.params).toEqual({ ip: '10.3.0.9', device: 'Chrome 126 · Android 14' });
    // The notification centre has both, in the reader's language.
    const token = await loginFrom(email, 'Secret123', ip, IPHONE);
    const notices = async (lang: string) =>
      (await server.get<{ list: { kind: string; content: string; link: string }[] }>('/notice/list', { limit: 50 }, { token, lang })).message.list.filter((notice) => notice.kind === 'account.new_device_login');
    const english = await notices('en');
    expect(english).toHaveLength(2);
    expect(english[1]).toMatchObject({ content: 'New login from Chrome 126 · Android 14 (IP 10.3.0.9). If this was not you, change your password now.', link: '/pages/setting/security' });
    expect((await notices('th'))[1]?.content).toContain('Chrome 126 · Android 14');
    expect((await notices('th'))[1]?.content).not.toBe(english[1]?.content);
  });

  it('is not sent for a failed login', async () => {
    const { email } = await registerUser(server);
    await server.post('/user/login', { user_string: email, password: 'Wrong12345' }, { ip: freshIp(), userAgent: ANDROID });
    expect(await newDeviceMails(email)).toHaveLength(0);
  });
});

describe('the anti-phishing code', () => {
  it('is 4-20 letters or digits and shows in every email to the user, with the support notice', async () => {
    const { email, token } = await registerUser(server);
    for (const bad of ['abc', 'x'.repeat(21), 'ab cd', '<b>1234</b>', '']) {
      const answer = await server.post<string>('/safe/anti_phishing', { anti_phishing_code: bad }, { token, lang: 'en' });
      expect(answer.type).toBe('error');
    }
    expect((await server.post('/safe/anti_phishing', { anti_phishing_code: 'abc' }, { token, lang: 'en' })).message).toBe(
      'The anti-phishing code has 4-20 letters or digits',
    );
    expect((await server.post('/safe/anti_phishing', { anti_phishing_code: 'Tiger2024' }, { token, lang: 'en' })).message).toBe('Anti-phishing code saved');
    expect((await server.get<{ anti_phishing_code: string }>('/safe/security', {}, { token })).message.anti_phishing_code).toBe('Tiger2024');

    // A code mail and a new-device mail both carry it, at the top.
    await server.post('/sms_mail', { scene: 'safe' }, { token, ip: freshIp(), lang: 'en' });
    await loginFrom(email, 'Secret123', freshIp(), ANDROID);
    const mails = await outbox(email);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails.slice(0, 2)) {
      expect(mail.text.split('\n').slice(0, 3).join('\n')).toContain('Your anti-phishing code: Tiger2024');
      expect(mail.text).toContain('Our support staff will never ask for your password, verification codes or two-factor codes');
    }
  });

  it('is not in mail to an address that is no user yet, which still has the support notice', async () => {
    const email = uniqueEmail('newcomer');
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip: freshIp(), lang: 'en' });
    const [mail] = await outbox(email);
    expect(mail?.text).not.toContain('anti-phishing');
    expect(mail?.text).toContain('Our support staff will never ask');
  });
});
