import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, TINY_PNG, type TestServer, upload } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

describe('profile', () => {
  it('shows the profile with invite code, credit score, verification and creation time', async () => {
    const { token, email } = await registerUser(server);
    const info = await server.get<Record<string, unknown>>('/user/info', {}, { token });
    expect(info.message).toMatchObject({
      email,
      phone: null,
      credit_score: 100,
      has_pay_password: false,
      verification: { level: 0, state: 'none', status: 0 },
    });
    expect(info.message.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(typeof info.message.created_at).toBe('number');
  });

  it('edits nickname and signature within the spec limits', async () => {
    const { token } = await registerUser(server);
    expect((await server.post('/user/editNickname', { nickname: '交易员Alex', signature: 'Long term holder 2026' }, { token })).type).toBe('ok');
    const info = await server.get<{ nickname: string; signature: string }>('/user/info', {}, { token });
    expect(info.message).toMatchObject({ nickname: '交易员Alex', signature: 'Long term holder 2026' });

    const refusals: [Record<string, string>, string][] = [
      [{ nickname: 'A' }, 'Nickname: 2-10 Chinese characters, letters or digits'],
      [{ nickname: 'ABCDEFGHIJK' }, 'Nickname: 2-10 Chinese characters, letters or digits'],
      [{ nickname: '<b>x</b>' }, 'Nickname: 2-10 Chinese characters, letters or digits'],
      [{ signature: 'x' }, 'Signature: 2-30 Chinese characters, letters or digits'],
      [{ signature: 'y'.repeat(31) }, 'Signature: 2-30 Chinese characters, letters or digits'],
      [{ signature: "'; DROP TABLE users; --" }, 'Signature: 2-30 Chinese characters, letters or digits'],
      [{}, 'Please enter nickname'],
    ];
    for (const [body, message] of refusals) {
      expect(await server.post('/user/editNickname', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    }
    const after = await server.get<{ nickname: string }>('/user/info', {}, { token });
    expect(after.message.nickname).toBe('交易员Alex');

    // A signature sent blank is cleared; the nickname left out stays.
    expect((await server.post('/user/editNickname', { signature: '  ' }, { token })).type).toBe('ok');
    expect((await server.get<{ nickname: string; signature: string }>('/user/info', {}, { token })).message).toMatchObject({ nickname: '交易员Alex', signature: '' });
  });

  it('sets an avatar only from the user\'s own uploads', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const picture = await upload(server, alice.token, TINY_PNG, 'me.png', 'avatar');
    expect(picture.type).toBe('ok');
    expect((await server.post('/user/uploadHeadPortrait', { head_portrait: picture.message }, { token: bob.token, lang: 'en' })).message).toBe('Please upload a valid picture');
    expect((await server.post('/user/uploadHeadPortrait', { head_portrait: 'https://evil.example/x.png' }, { token: alice.token, lang: 'en' })).message).toBe(
      'Please upload a valid picture',
    );
    expect((await server.post('/user/uploadHeadPortrait', { head_portrait: picture.message }, { token: alice.token })).type).toBe('ok');
    expect((await server.get<{ head_portrait: string }>('/user/info', {}, { token: alice.token })).message.head_portrait).toBe(picture.message);
  });
});

describe('uploads', () => {
  it('stores an image sniffed from its bytes and serves it back', async () => {
    const { token } = await registerUser(server);
    const result = await upload(server, token, TINY_PNG, 'anything.txt');
    expect(result.type).toBe('ok');
    expect(result.message).toMatch(/^\/uploads\/identity\/[0-9a-f]{32}\.png$/);
    const served = await server.raw(result.message);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('refuses non-images whatever their name, files over 5 MB, missing files and visitors', async () => {
    const { token } = await registerUser(server);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await upload(server, token, html, 'evil.png')).toEqual({ type: 'error', message: '仅支持 JPG、PNG、GIF、WEBP 格式的图片' });
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(server, token, huge, 'big.png');
    expect(tooLarge.type).toBe('error');
    expect(tooLarge.message).toContain('5');
    const form = new FormData();
    form.append('upload_dir', 'image');
    const missing = await server.raw('/api/user/upload?lang=en', { method: 'POST', headers: { authorization: token }, body: form });
    expect(await missing.json()).toEqual({ type: 'error', message: 'Please choose a file to upload' });
    expect((await upload(server, '', TINY_PNG)).type).toBe('999');
    expect((await upload(server, token, TINY_PNG, 'a.png', '../../etc')).type).toBe('error');
  });
});
