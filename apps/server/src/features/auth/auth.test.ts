import { beforeAll, describe, expect, it } from 'vitest';
import { freshDevice, freshIp, latestCode, registerUser, startServer, type TestServer, uniqueEmail } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

const userCount = () => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;

describe('registration', () => {
  it('registers with an email code read from the dev outbox, then logs in and out', async () => {
    const email = uniqueEmail('flow');
    const ip = freshIp();
    expect(await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip, lang: 'en' })).toEqual({ type: 'ok', message: 'Verification code sent' });
    const outbox = await server.get<{ code: string; text: string; to: string }[]>('/dev/outbox', { to: email });
    expect(outbox.message[0]?.to).toBe(email);
    const code = outbox.message[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(outbox.message[0]?.text).toContain(code);

    expect((await server.post('/user/check_email', { user_string: email, email_code: code, scene: 'register' }, { ip })).type).toBe('ok');
    const registered = await server.post<string>('/user/register', { user_string: email, code, password: 'Secret123', re_password: 'Secret123', device_token: freshDevice() }, { ip, lang: 'jp' });
    expect(registered.type).toBe('ok');
    // The language the user signed up in is the one their mails are written in, until they log in with another.
    const language = () => (server.built.ctx.sqlite.prepare('SELECT lang FROM users WHERE email = ?').get(email) as { lang: string }).lang;
    expect(language()).toBe('jp');

    const login = await server.post<string>('/user/login', { user_string: email.toUpperCase(), password: 'Secret123' }, { ip, lang: 'vi' });
    expect(login.type).toBe('ok');
    expect(language()).toBe('vi');
    expect(login.message).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await server.get<{ email: string }>('/user/info', {}, { token: login.message });
    expect(info.message.email).toBe(email);

    expect((await server.get('/user/logout', {}, { token: login.message })).type).toBe('ok');
    expect((await server.get('/user/info', {}, { token: login.message })).type).toBe('999');
    expect((await server.get('/user/info', {}, { token: registered.message })).type).toBe('ok');
  });

  it('uses a code only once', async () => {
    const email = uniqueEmail('once');
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
    const code = await latestCode(server, email);
    const body = { user_string: email, code, password: 'Secret123', re_password: 'Secret123', device_token: freshDevice() };
    expect((await server.post('/user/register', body, { ip })).type).toBe('ok');
    const again = await server.post('/user/register', body, { ip, lang: 'en' });
    expect(again).toEqual({ type: 'error', message: 'This email is already registered' });
  });

  it('refuses inconsistent passwords in the language asked for, and writes nothing', async () => {
    const email = uniqueEmail('mismatch');
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
    const code = await latestCode(server, email);
    const before = userCount();
    const body = { user_string: email, code, password: 'Secret123', re_password: 'Secret124', device_token: freshDevice() };
    expect(await server.post('/user/register', body, { ip, lang: 'en' })).toEqual({ type: 'error', message: 'The two passwords are inconsistent' });
    expect(await server.post('/user/register', body, { ip, lang: 'zh' })).toEqual({ type: 'error', message: '两次密码不一致' });
    expect((await server.post('/user/register', body, { ip, lang: 'jp' })).message).not.toBe('The two passwords are inconsistent');
    expect(userCount()).toBe(before);
  });

  it('validates every field with a localized message and never answers 500', async () => {
    const ip = freshIp();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please enter account'],
      [{ user_string: 'not-an-email', code: '123456', password: 'Secret123', re_password: 'Secret123' }, 'Enter a valid email or mobile number'],
      [{ user_string: 'a@b.co', code: '12345', password: 'Secret123', re_password: 'Secret123' }, 'Enter the 6-digit verification code'],
      [{ user_string: 'a@b.co', code: 'abcdef', password: 'Secret123', re_password: 'Secret123' }, 'Enter the 6-digit verification code'],
      [{ user_string: 'a@b.co', code: '123456', password: 'short', re_password: 'short' }, 'The password must be 7 to 64 characters long'],
      [{ user_string: 'a@b.co', code: '123456', password: 'x'.repeat(65), re_password: 'x' }, 'The password must be 7 to 64 characters long'],
      [{ user_string: `${'a'.repeat(120)}@b.co`, code: '123456', password: 'Secret123', re_password: 'Secret123' }, 'account must not exceed 100 characters'],
      [{ user_string: '<script>alert(1)</script>@x.com', code: '123456', password: 'Secret123', re_password: 'Secret123' }, 'Enter a valid email or mobile number'],
      [{ user_string: "a@b.co'; DROP TABLE users; --", code: '123456', password: 'Secret123', re_password: 'Secret123' }, 'Enter a valid email or mobile number'],
      // The app always sends its device id: the per-device sign-up limit needs one.
      [{ user_string: 'a@b.co', code: '123456', password: 'Secret123', re_password: 'Secret123' }, 'Please enter device id'],
      [{ user_string: 'a@b.co', code: '123456', password: 'Secret123', re_password: 'Secret123', device_token: 'short' }, 'device id needs at least 16 characters'],
      [{ user_string: 'a@b.co', code: '123456', password: 'Secret123', re_password: 'Secret123', device_token: '<script>alert(1)</script>' }, 'device id is not valid'],
    ];
    for (const [body, message] of cases) {
      expect(await server.post('/user/register', body, { ip, lang: 'en' })).toEqual({ type: 'error', message });
    }
    expect(userCount()).toBeGreaterThan(0);
  });

  it('accepts JSON bodies too', async () => {
    const response = await server.raw('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ user_string: 'demo@openbourse.test', password: 'Demo12345' }),
    });
    expect(((await response.json()) as { type: string }).type).toBe('ok');
  });

  it('answers malformed bodies with a parameter error, not a 500', async () => {
    const response = await server.raw('/api/user/login?lang=en', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_string":' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 'error', message: 'Parameter error' });
  });
});

describe('verification codes', () => {
  it('refuses a resend within 60 seconds and allows it after', async () => {
    const email = uniqueEmail('resend');
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
    const again = await server.post<string>('/sms_mail', { user_string: email, scene: 'register' }, { ip, lang: 'en' });
    expect(again.type).toBe('error');
    expect(again.message).toMatch(/^Please wait \d+ seconds/);
    server.advance(61_000);
    expect((await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip })).type).toBe('ok');
  });

  it('expires a code after 10 minutes', async () => {
    const email = uniqueEmail('expiry');
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
    const code = await latestCode(server, email);
    server.advance(10 * 60_000 + 1000);
    const result = await server.post('/user/register', { user_string: email, code, password: 'Secret123', re_password: 'Secret123', device_token: freshDevice() }, { ip, lang: 'en' });
    expect(result).toEqual({ type: 'error', message: 'The verification code has expired. Please request a new one' });
  });

  it('burns a code after 5 wrong tries, even the right one after that', async () => {
    const email = uniqueEmail('tries');
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
    const code = await latestCode(server, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push((await server.post<string>('/user/check_email', { user_string: email, email_code: wrong, scene: 'register' }, { ip, lang: 'en' })).message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Incorrect verification code'));
    expect(messages[4]).toBe('Too many wrong attempts. Please request a new code');
    const right = await server.post('/user/register', { user_string: email, code, password: 'Secret123', re_password: 'Secret123', device_token: freshDevice() }, { ip, lang: 'en' });
    expect(right).toEqual({ type: 'error', message: 'Too many wrong attempts. Please request a new code' });
  });

  it('limits codes per address per hour', async () => {
    const email = uniqueEmail('hourly');
    let last = '';
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = (await server.post<string>('/sms_mail', { user_string: email, scene: 'register' }, { ip: freshIp(), lang: 'en' })).message;
      server.advance(61_000);
    }
    expect(last).toBe('Too many codes requested. Please try again in an hour');
  });

  it('rate-limits code sending per IP', async () => {
    const ip = freshIp();
    const results: string[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      results.push((await server.post<string>('/sms_mail', { user_string: uniqueEmail('ip'), scene: 'register' }, { ip, lang: 'en' })).message);
    }
    expect(results, JSON.stringify(results)).toContain('Too many requests. Please try again later');
  });

  it('does not send a register code to a registered email, nor a reset code to an unknown one', async () => {
    expect(await server.post('/sms_mail', { user_string: 'demo@openbourse.test', scene: 'register' }, { ip: freshIp(), lang: 'en' })).toEqual({
      type: 'error',
      message: 'This email is already registered',
    });
    expect(await server.post('/sms_mail', { user_string: uniqueEmail('nobody'), scene: 'forget' }, { ip: freshIp(), lang: 'en' })).toEqual({
      type: 'error',
      message: 'Account not found',
    });
  });

  it('registers with a phone number and an SMS code', async () => {
    const ip = freshIp();
    const mobile = '13912345678';
    expect((await server.post('/sms_send', { mobile, area_code: '86', scene: 'register' }, { ip })).type).toBe('ok');
    const code = await latestCode(server, mobile);
    const registered = await server.post<string>('/user/register', { user_string: mobile, code, password: 'Secret123', re_password: 'Secret123', type: 'mobile', area_code: '86', device_token: freshDevice() }, { ip });
    expect(registered.type).toBe('ok');
    const info = await server.get<{ phone: string; email: string | null }>('/user/info', {}, { token: registered.message });
    expect(info.message).toMatchObject({ phone: mobile, email: null });
    expect((await server.post('/sms_send', { mobile: '12345678901', area_code: '86', scene: 'register' }, { ip, lang: 'en' })).message).toBe('Enter a valid mobile number');
  });
});

describe('login', () => {
  it('answers the same failure for an unknown account and a wrong password', async () => {
    const unknown = await server.post('/user/login', { user_string: uniqueEmail('ghost'), password: 'whatever1' }, { ip: freshIp(), lang: 'en' });
    const wrong = await server.post('/user/login', { user_string: 'demo@openbourse.test', password: 'whatever1' }, { ip: freshIp(), lang: 'en' });
    expect(unknown).toEqual({ type: 'error', message: 'Login failed: wrong account or password' });
    expect(wrong).toEqual(unknown);
    expect((await server.post('/user/login', { user_string: "' OR 1=1 --", password: "' OR '1'='1" }, { ip: freshIp(), lang: 'en' })).message).toBe(
      'Login failed: wrong account or password',
    );
  });

  it('slows down repeated failures and then locks the account for a while', async () => {
    const { email, password } = await registerUser(server);
    const ip = freshIp();
    const started = Date.now();
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push((await server.post<string>('/user/login', { user_string: email, password: 'WrongPass1' }, { ip, lang: 'en' })).message);
    }
    expect(Date.now() - started).toBeGreaterThan(250 + 500 + 1000 + 2000 - 100);
    expect(messages[4]).toMatch(/locked/);
    const locked = await server.post<string>('/user/login', { user_string: email, password }, { ip, lang: 'en' });
    expect(locked.message).toMatch(/locked; try again in 15 minutes/);
    server.advance(15 * 60_000 + 1000);
    expect((await server.post('/user/login', { user_string: email, password }, { ip })).type).toBe('ok');
  });

  it('accepts the token bare or as Bearer, and answers 999 when it is missing, wrong or expired', async () => {
    const { token } = await registerUser(server);
    const bare = await server.raw('/api/user/info', { headers: { authorization: token } });
    expect(((await bare.json()) as { type: string }).type).toBe('ok');
    expect(await server.get('/user/info', {}, { lang: 'en' })).toEqual({ type: '999', message: 'Please log in first' });
    expect(await server.get('/user/info', {}, { token: 'forged-token', lang: 'en' })).toEqual({ type: '999', message: 'Your session has expired. Please log in again' });
    server.advance(8 * 24 * 3_600_000);
    expect((await server.get('/user/info', {}, { token })).type).toBe('999');
  });
});

describe('passwords', () => {
  it('resets a forgotten password with a code and ends every session', async () => {
    const { email, token } = await registerUser(server);
    const ip = freshIp();
    await server.post('/sms_mail', { user_string: email, scene: 'forget' }, { ip });
    const code = await latestCode(server, email);
    const reset = await server.post('/user/forget', { account: email, code, password: 'NewSecret1', repassword: 'NewSecret1' }, { ip, lang: 'en' });
    expect(reset).toEqual({ type: 'ok', message: 'Password reset. Please log in again' });
    expect((await server.get('/user/info', {}, { token })).type).toBe('999');
    expect((await server.post('/user/login', { user_string: email, password: 'NewSecret1' }, { ip })).type).toBe('ok');
  });

  it('changes the password when signed in with the current one', async () => {
    const { email, token, password } = await registerUser(server);
    const ip = freshIp();
    expect((await server.post('/user/forget', { password_old: 'NotMine123', password: 'Changed123', repassword: 'Changed123' }, { token, ip, lang: 'en' })).message).toBe(
      'The current password is incorrect',
    );
    expect((await server.post('/user/forget', { password_old: password, password: 'Changed123', repassword: 'Changed123' }, { token, ip })).type).toBe('ok');
    expect((await server.get('/user/info', {}, { token })).type).toBe('999');
    expect((await server.post('/user/login', { user_string: email, password: 'Changed123' }, { ip })).type).toBe('ok');
  });
});

describe('conventions', () => {
  it('answers unknown routes with 404 and a JSON envelope', async () => {
    const response = await server.raw('/api/no/such/route?lang=en');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ type: 'error', message: 'No such endpoint' });
  });

  it('serves an OpenAPI description generated from the route schemas', async () => {
    const response = await server.raw('/api/docs/json');
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/api/user/register', '/api/user/login', '/api/wallet/list', '/api/user/real', '/api/news/list']) expect(document.paths).toHaveProperty([path]);
  });
});
