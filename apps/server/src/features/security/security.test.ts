import { beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, freshDevice, freshIp, latestCode, registerUser, startServer, type TestServer, uniqueEmail, uniquePhone } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

async function demoToken(): Promise<string> {
  return (await server.post<string>('/user/login', { user_string: 'demo@openbourse.test', password: 'Demo12345' }, { ip: freshIp() })).message;
}

describe('binding a phone', () => {
  it('binds a phone with an SMS code, once, and never a number someone else holds', async () => {
    const { token } = await registerUser(server);
    const mobile = uniquePhone();
    await bindPhone(server, token, mobile);
    const info = await server.get<{ phone: string }>('/user/info', {}, { token });
    expect(info.message.phone).toBe(mobile);
    expect((await server.post('/sms_send', { mobile: uniquePhone(), area_code: '86', scene: 'bind' }, { token, ip: freshIp(), lang: 'en' })).message).toBe(
      'A phone number is already bound',
    );
    const other = await registerUser(server);
    expect((await server.post('/sms_send', { mobile, area_code: '86', scene: 'bind' }, { token: other.token, ip: freshIp(), lang: 'en' })).message).toBe(
      'This phone number is already registered',
    );
  });

  it('refuses a wrong code and a bind without a session', async () => {
    const { token } = await registerUser(server);
    const mobile = uniquePhone();
    const ip = freshIp();
    await server.post('/sms_send', { mobile, area_code: '86', scene: 'bind' }, { token, ip });
    const code = await latestCode(server, mobile);
    const wrong = code === '999999' ? '000000' : '999999';
    expect((await server.post('/safe/mobile', { mobile, code: wrong, area_code: '86' }, { token, ip, lang: 'en' })).message).toBe('Incorrect verification code');
    expect((await server.post('/safe/mobile', { mobile, code, area_code: '86' }, { ip })).type).toBe('999');
  });
});

describe('binding an email to a phone account', () => {
  it('binds an email with a scene "bind" code', async () => {
    const ip = freshIp();
    const mobile = uniquePhone();
    await server.post('/sms_send', { mobile, area_code: '86', scene: 'register' }, { ip });
    const registered = await server.post<string>(
      '/user/register',
      { user_string: mobile, code: await latestCode(server, mobile), password: 'Secret123', re_password: 'Secret123', type: 'mobile', device_token: freshDevice() },
      { ip },
    );
    const token = registered.message;
    const email = uniqueEmail('bind');
    expect((await server.post('/sms_mail', { user_string: email, scene: 'bind' }, { token, ip })).type).toBe('ok');
    expect((await server.post('/safe/email', { email, code: await latestCode(server, email) }, { token, ip })).type).toBe('ok');
    const info = await server.get<{ email: string; phone: string }>('/user/info', {}, { token });
    expect(info.message).toMatchObject({ email, phone: mobile });
  });
});

describe('fund password', () => {
  it('needs identity verification first (998)', async () => {
    const { token } = await registerUser(server);
    const result = await server.post('/safe/update_password', { password: 'Fund12345', re_password: 'Fund12345', code: '123456' }, { token, lang: 'en' });
    expect(result).toEqual({ type: '998', message: 'Please complete identity verification first' });
  });

  it('is set with a scene "safe" code sent to the bound email', async () => {
    const token = await demoToken();
    const ip = freshIp();
    expect((await server.post('/sms_mail', { scene: 'safe' }, { token, ip })).type).toBe('ok');
    const code = await latestCode(server, 'demo@openbourse.test');
    expect((await server.post('/safe/update_password', { password: 'Fund12345', re_password: 'Fund99999', code }, { token, ip, lang: 'en' })).message).toBe(
      'The two passwords are inconsistent',
    );
    expect((await server.post('/safe/update_password', { password: 'Fund12345', re_password: 'Fund12345', code }, { token, ip })).type).toBe('ok');
    const info = await server.get<{ has_pay_password: boolean }>('/user/info', {}, { token });
    expect(info.message.has_pay_password).toBe(true);
  });
});
