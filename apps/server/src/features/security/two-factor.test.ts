import { beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { currentTotp } from '../../platform/totp.ts';
import { DEMO, freshIp, latestCode, login, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
const events: UserEvent[] = [];

beforeAll(async () => {
  server = await startServer();
  server.built.ctx.bus.on('user', (event) => events.push(event));
});

interface Setup {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

interface Overview {
  two_factor_enabled: boolean;
  recovery_codes_left: number;
  anti_phishing_code: string | null;
  security_changed_at: number | null;
  withdrawals_locked_until: number | null;
}

interface Challenge {
  two_factor_required: true;
  challenge: string;
  expires_in: number;
}

/** The code the user's app shows at the server's current time. */
const codeNow = (secret: string) => currentTotp(secret, server.built.ctx.now());

/** Authenticator codes are good once per 30-second step: the next call needs the next step. */
const nextStep = () => server.advance(30_000);

const overview = async (token: string) => (await server.get<Overview>('/safe/security', {}, { token })).message;

/** Turns two-factor on through the API and answers the secret and the recovery codes. */
async function enableTwoFactor(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await server.post<Setup>('/safe/2fa/setup', {}, { token, ip: freshIp() });
  const enabled = await server.post<{ recovery_codes: string[] }>('/safe/2fa/enable', { code: codeNow(setup.message.secret) }, { token, ip: freshIp() });
  if (enabled.type !== 'ok') throw new Error(`2fa not enabled: ${JSON.stringify(enabled)}`);
  nextStep();
  return { secret: setup.message.secret, recoveryCodes: enabled.message.recovery_codes };
}

async function startLogin(email: string, password: string, ip = freshIp()): Promise<string> {
  const answer = await server.post<Challenge>('/user/login', { user_string: email, password }, { ip });
  expect(answer.type).toBe('ok');
  expect(answer.message.two_factor_required).toBe(true);
  return answer.message.challenge;
}

describe('turning two-factor on', () => {
  it('offers a key with an otpauth address and a real QR code, and turns on only with a correct first code', async () => {
    const { token, email } = await registerUser(server);
    expect(await overview(token)).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
    const setup = (await server.post<Setup>('/safe/2fa/setup', {}, { token })).message;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    expect(decodeURIComponent(setup.otpauth_uri)).toContain(email);
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,iVBOR/);

    const wrong = codeNow(setup.secret) === '000000' ? '111111' : '000000';
    // Recovery codes do not exist yet, so the message asks only for the app's current code.
    expect(await server.post('/safe/2fa/enable', { code: wrong }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Incorrect code: enter the 6-digit code your authenticator app shows now' });
    expect((await overview(token)).two_factor_enabled).toBe(false);

    const enabled = await server.post<{ recovery_codes: string[] }>('/safe/2fa/enable', { code: codeNow(setup.secret) }, { token });
    expect(enabled.type).toBe('ok');
    expect(enabled.message.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.message.recovery_codes).size).toBe(10);
    for (const code of enabled.message.recovery_codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    // On, with ten codes left; the first time is not a security change, and the key is never answered again.
    expect(await overview(token)).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10, security_changed_at: null, withdrawals_locked_until: null });
    expect(JSON.stringify(await overview(token))).not.toContain(setup.secret);
    expect((await server.get<{ two_factor_enabled: boolean }>('/user/info', {}, { token })).message.two_factor_enabled).toBe(true);
    expect((await server.post('/safe/2fa/setup', {}, { token, lang: 'en' })).message).toBe('Two-factor authentication is already on');
    expect(events.some((event) => event.kind === 'account.two_factor_enabled')).toBe(true);
  });

  it('refuses enable without a setup, and every call without a session', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/safe/2fa/enable', { code: '123456' }, { token, lang: 'en' })).message).toBe('Please start the setup again to get a new key');
    expect((await server.post('/safe/2fa/disable', { code: '123456' }, { token, lang: 'en' })).message).toBe('Two-factor authentication is not on');
    for (const path of ['/safe/2fa/setup', '/safe/2fa/enable', '/safe/2fa/disable', '/safe/anti_phishing']) {
      expect((await server.post(path, { code: '123456', anti_phishing_code: 'Tiger2024' })).type).toBe('999');
    }
    expect((await server.get('/safe/security')).type).toBe('999');
  });

  it('limits two-factor calls per IP', async () => {
    const { token } = await registerUser(server);
    const ip = freshIp();
    const answers: string[] = [];
    for (let call = 0; call < 21; call += 1) answers.push((await server.post<string>('/safe/2fa/enable', { code: '123456' }, { token, ip, lang: 'en' })).message);
    expect(answers.at(-1)).toBe('Too many requests. Please try again later');
  });
});

describe('logging in with two-factor', () => {
  it('answers a challenge instead of a session, then a session for a good code', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret } = await enableTwoFactor(token);
    const challenge = await startLogin(email, password);
    // The challenge is no session token.
    expect((await server.get('/user/info', {}, { token: challenge })).type).toBe('999');

    const session = await server.post<string>('/user/login/2fa', { challenge, code: codeNow(secret) });
    expect(session.type).toBe('ok');
    expect((await server.get<{ email: string }>('/user/info', {}, { token: session.message })).message.email).toBe(email);
    // Single use.
    nextStep();
    expect((await server.post('/user/login/2fa', { challenge, code: codeNow(secret) }, { lang: 'en' })).message).toBe('This login step has expired. Please log in again');
  });

  it('refuses a wrong code, a replayed code, an expired or unknown challenge', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret } = await enableTwoFactor(token);

    const first = await startLogin(email, password);
    const code = codeNow(secret);
    expect((await server.post('/user/login/2fa', { challenge: first, code: code === '000000' ? '111111' : '000000' }, { lang: 'en' })).message).toBe(
      'Incorrect authenticator code or recovery code',
    );
    expect((await server.post('/user/login/2fa', { challenge: first, code })).type).toBe('ok');

    // The same code again, within its 30 seconds, on a fresh challenge: replayed, refused.
    const second = await startLogin(email, password);
    expect((await server.post('/user/login/2fa', { challenge: second, code }, { lang: 'en' })).message).toBe('Incorrect authenticator code or recovery code');

    const third = await startLogin(email, password);
    server.advance(5 * 60_000 + 1000);
    expect((await server.post('/user/login/2fa', { challenge: third, code: codeNow(secret) }, { lang: 'en' })).message).toBe('This login step has expired. Please log in again');
    expect((await server.post('/user/login/2fa', { challenge: 'made-up', code: codeNow(secret) }, { lang: 'en' })).message).toBe('This login step has expired. Please log in again');
    expect((await server.post('/user/login/2fa', { challenge: '', code: '' }, { lang: 'en' })).type).toBe('error');
  });

  it('takes each recovery code once', async () => {
    const { token, email, password } = await registerUser(server);
    const { recoveryCodes } = await enableTwoFactor(token);
    const [code = ''] = recoveryCodes;
    // Case and the dash do not matter.
    expect((await server.post('/user/login/2fa', { challenge: await startLogin(email, password), code: code.toLowerCase().replace('-', '') })).type).toBe('ok');
    expect((await server.post('/user/login/2fa', { challenge: await startLogin(email, password), code }, { lang: 'en' })).message).toBe(
      'Incorrect authenticator code or recovery code',
    );
    const session = await login2fa(email, password, recoveryCodes[1] ?? '');
    expect((await overview(session)).recovery_codes_left).toBe(8);
  });

  it('counts wrong codes toward the lock-out, which then refuses even a good code', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret } = await enableTwoFactor(token);
    const challenge = await startLogin(email, password);
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push((await server.post<string>('/user/login/2fa', { challenge, code: '000000' === codeNow(secret) ? '111111' : '000000' }, { lang: 'en' })).message);
    }
    expect(messages.slice(0, 4).every((message) => message === 'Incorrect authenticator code or recovery code')).toBe(true);
    expect(messages[4]).toMatch(/locked; try again in 15 minutes/);
    expect((await server.post<string>('/user/login', { user_string: email, password }, { ip: freshIp(), lang: 'en' })).message).toMatch(/locked/);

    const history = await server.get<{ list: { success: boolean; failure: string | null }[] }>('/safe/login_history', {}, { token });
    expect(history.message.list.filter((entry) => entry.failure === 'second_factor')).toHaveLength(5);
    expect(history.message.list[0]).toMatchObject({ success: false, failure: 'locked' });

    server.advance(15 * 60_000 + 1000);
    expect((await server.post('/user/login/2fa', { challenge: await startLogin(email, password), code: codeNow(secret) })).type).toBe('ok');
  });
});

async function login2fa(email: string, password: string, code: string): Promise<string> {
  const answer = await server.post<string>('/user/login/2fa', { challenge: await startLogin(email, password), code });
  if (answer.type !== 'ok') throw new Error(`second step refused: ${JSON.stringify(answer)}`);
  return answer.message;
}

describe('the second factor guards every change of a secret', () => {
  it('the login password: missing, wrong, then a good code; the change is recorded', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret } = await enableTwoFactor(token);
    const change = (extra: Record<string, string>) =>
      server.post<string>('/user/forget', { password_old: password, password: 'Changed123', repassword: 'Changed123', ...extra }, { token, lang: 'en' });
    expect((await change({})).message).toBe('Enter the code from your authenticator app');
    expect((await change({ two_factor_code: codeNow(secret) === '000000' ? '111111' : '000000' })).message).toBe('Incorrect authenticator code or recovery code');
    const before = Date.now();
    expect((await change({ two_factor_code: codeNow(secret) })).type).toBe('ok');
    nextStep();
    const session = await login2fa(email, 'Changed123', codeNow(secret));
    const state = await overview(session);
    expect(state.security_changed_at).toBeGreaterThanOrEqual(before);
    expect(state.withdrawals_locked_until).toBe((state.security_changed_at ?? 0) + 24 * 3_600_000);
    expect(events.some((event) => event.kind === 'account.password_changed')).toBe(true);
  });

  it('the fund password: setting the first one is no change, replacing it needs the code and is one', async () => {
    const token = await login(server, DEMO.email, DEMO.password);
    /** Each try needs a fresh "safe" code, which may be sent once a minute. */
    const setFund = async (secondFactor?: () => string) => {
      server.advance(61_000);
      const ip = freshIp();
      await server.post('/sms_mail', { scene: 'safe' }, { token, ip });
      const code = await latestCode(server, DEMO.email);
      const extra = secondFactor ? { two_factor_code: secondFactor() } : {};
      return server.post<string>('/safe/update_password', { password: 'Fund12345', re_password: 'Fund12345', code, ...extra }, { token, ip, lang: 'en' });
    };
    expect((await setFund()).type).toBe('ok');
    expect((await overview(token)).security_changed_at).toBeNull();

    const { secret } = await enableTwoFactor(token);
    expect((await setFund()).message).toBe('Enter the code from your authenticator app');
    expect((await setFund(() => codeNow(secret))).message).toBe('Fund password changed');
    expect((await overview(token)).security_changed_at).not.toBeNull();
    expect(events.some((event) => event.kind === 'account.fund_password_changed')).toBe(true);
  });

  it('takes each code once, and wrong codes on a guarded action lock the account like wrong passwords', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret } = await enableTwoFactor(token);
    const setCode = (twoFactorCode: string) => server.post<string>('/safe/anti_phishing', { anti_phishing_code: 'Owl2024', two_factor_code: twoFactorCode }, { token, lang: 'en' });
    const code = codeNow(secret);
    expect((await setCode(code)).type).toBe('ok');
    expect((await setCode(code)).message).toBe('Incorrect authenticator code or recovery code');

    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await setCode(wrong)).message).toBe('Incorrect authenticator code or recovery code');
    expect((await setCode(wrong)).message).toMatch(/locked; try again in 15 minutes/);
    nextStep();
    expect((await setCode(codeNow(secret))).message).toMatch(/locked/);
    expect((await server.post<string>('/user/login', { user_string: email, password }, { ip: freshIp(), lang: 'en' })).message).toMatch(/locked/);
  });

  it('counts wrong codes in a row: a right one in between starts the count again', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret, recoveryCodes } = await enableTwoFactor(token);
    const setCode = (twoFactorCode: string) => server.post<string>('/safe/anti_phishing', { anti_phishing_code: 'Owl2024', two_factor_code: twoFactorCode }, { token, lang: 'en' });
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    for (const recoveryCode of recoveryCodes.slice(0, 5)) {
      expect((await setCode(wrong)).message).toBe('Incorrect authenticator code or recovery code');
      expect((await setCode(recoveryCode)).type).toBe('ok');
    }
    const loggedIn = await server.post<Challenge>('/user/login', { user_string: email, password }, { ip: freshIp(), lang: 'en' });
    expect(loggedIn.type).toBe('ok');
  });

  it('binding a phone needs the code too', async () => {
    const { token } = await registerUser(server);
    await enableTwoFactor(token);
    const ip = freshIp();
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await server.post('/sms_send', { mobile, area_code: '86', scene: 'bind' }, { token, ip });
    expect((await server.post('/safe/mobile', { mobile, code: await latestCode(server, mobile), area_code: '86' }, { token, ip, lang: 'en' })).message).toBe(
      'Enter the code from your authenticator app',
    );
  });
});

describe('turning two-factor off', () => {
  it('needs a good code (a recovery code will do), records the change, and login asks no second step after', async () => {
    const { token, email, password } = await registerUser(server);
    const { secret, recoveryCodes } = await enableTwoFactor(token);
    expect((await server.post('/safe/2fa/disable', { code: '' }, { token, lang: 'en' })).type).toBe('error');
    expect((await server.post('/safe/2fa/disable', { code: 'AAAAA-AAAAA' }, { token, lang: 'en' })).message).toBe('Incorrect authenticator code or recovery code');
    expect((await server.post('/safe/2fa/disable', { code: recoveryCodes[0] }, { token, lang: 'en' })).message).toBe('Two-factor authentication is off');
    expect(await overview(token)).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
    const changedAt = (await overview(token)).security_changed_at;
    expect(changedAt).not.toBeNull();
    expect(events.some((event) => event.kind === 'account.two_factor_disabled')).toBe(true);

    // The old key and codes are gone: login is one step again.
    expect(typeof (await server.post('/user/login', { user_string: email, password }, { ip: freshIp() })).message).toBe('string');
    expect(secret).not.toBe('');

    // Turning it on again is a change this time.
    server.advance(1000);
    await enableTwoFactor(token);
    expect((await overview(token)).security_changed_at).toBeGreaterThan(changedAt ?? 0);
  });
});
