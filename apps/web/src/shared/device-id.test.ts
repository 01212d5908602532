import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api.ts';
import { initSession, session } from './session.ts';
import { supportIdentity } from './support/unread.ts';

const DEVICE = 'd'.repeat(43);

/** A fetch double for the calls registration and the support chat make; records each call's path and form. */
function stubServer() {
  let accounts = 0;
  const calls: { path: string; body: URLSearchParams }[] = [];
  const answers: Record<string, () => unknown> = {
    '/support/visitor': () => ({ visitor_token: DEVICE }),
    '/user/register': () => {
      accounts += 1;
      return `session-${accounts}`;
    },
    '/support/claim': () => ({ id: null }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      calls.push({ path, body: new URLSearchParams(String(init?.body ?? '')) });
      const answer = answers[path];
      const envelope = answer ? { type: 'ok', message: answer() } : { type: 'error', message: `unexpected call ${path}` };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}

const SIGN_UP = { user_string: 'a@example.com', code: '123456', password: 'Secret123', re_password: 'Secret123', type: 'email' as const };

beforeAll(() => {
  localStorage.clear();
  initSession();
});
beforeEach(() => session.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the device id', () => {
  it('is the same at every sign-up on this device: logout, login and registration keep it', async () => {
    const { calls } = stubServer();
    session.signIn(await authApi.register(SIGN_UP));
    session.clear();
    session.signIn(await authApi.register({ ...SIGN_UP, user_string: 'b@example.com' }));
    session.clear();

    const signUps = calls.filter((call) => call.path === '/user/register').map((call) => call.body.get('device_token'));
    expect(signUps).toEqual([DEVICE, DEVICE]);
    expect(calls.filter((call) => call.path === '/support/visitor')).toHaveLength(1);
  });

  it('is the visitor\'s support identity, and stays after the visitor\'s chat joined an account at login', async () => {
    const { calls } = stubServer();
    expect(await supportIdentity()).toEqual({ visitor_token: DEVICE });
    session.signIn('session-token');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/support/claim')).toBe(true));
    expect(calls.find((call) => call.path === '/support/claim')?.body.get('visitor_token')).toBe(DEVICE);
    session.clear();
    // Signed out again: the same device, and nothing left to claim at the next login.
    expect(await supportIdentity()).toEqual({ visitor_token: DEVICE });
    expect(calls.filter((call) => call.path === '/support/visitor')).toHaveLength(0);
  });
});
