import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../shared/session.ts';
import PasswordPage from './PasswordPage.tsx';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
};

setupPageTests();

/** What the change form reads to know whether to ask for the authenticator code. */
const profile = (twoFactor: boolean) => ({ id: 7, nickname: 'demo', email: 'demo@openbourse.test', phone: null, head_portrait: '', two_factor_enabled: twoFactor });
const changeCalls = (fetchMock: ReturnType<typeof stubApi>['fetchMock']) => fetchMock.mock.calls.filter(([input]) => String(input).includes('/user/forget'));

describe('PasswordPage', () => {
  it('a visitor resetting the password is stopped on inconsistent passwords before any call', async () => {
    const { fetchMock } = stubApi();
    renderAt(<PasswordPage />, '/pages/setting/password');
    expect(await screen.findByText('找回密码')).toBeTruthy();
    type('password-account', 'demo@openbourse.test');
    type('password-code', '123456');
    type('password-new', 'Secret123');
    type('password-confirm', 'Secret124');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    expect(await screen.findByText('两次密码不一致')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a signed-in user changing the password is stopped on inconsistent passwords before any call', async () => {
    session.signIn('test-token');
    const { fetchMock } = stubApi({ '/user/info': profile(false) });
    renderAt(<PasswordPage />, '/pages/setting/password');
    expect(await screen.findByText('修改登录密码')).toBeTruthy();
    type('password-old', 'Demo12345');
    type('password-new', 'Secret123');
    type('password-confirm', 'Secret999');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    expect(await screen.findByText('两次密码不一致')).toBeTruthy();
    expect(changeCalls(fetchMock)).toEqual([]);
  });

  it('?mode=forget shows the reset form even when signed in', async () => {
    session.signIn('test-token');
    stubApi();
    renderAt(<PasswordPage />, '/pages/setting/password?mode=forget');
    expect(await screen.findByText('找回密码')).toBeTruthy();
    expect(screen.getByTestId('password-account')).toBeTruthy();
  });

  it('a successful change ends the session and goes to login', async () => {
    session.signIn('test-token');
    const { fetchMock } = stubApi({ '/user/forget': '密码修改成功，请重新登录', '/user/info': profile(false) });
    renderAt(<PasswordPage />, '/pages/setting/password');
    await screen.findByText('修改登录密码');
    type('password-old', 'Demo12345');
    type('password-new', 'Secret123');
    type('password-confirm', 'Secret123');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    await screen.findByTestId('login-page');
    const calls = changeCalls(fetchMock);
    expect(calls).toHaveLength(1);
    const body = new URLSearchParams(String(calls[0]?.[1]?.body));
    expect(Object.fromEntries(body)).toMatchObject({ password_old: 'Demo12345', password: 'Secret123', repassword: 'Secret123' });
    expect(body.has('two_factor_code')).toBe(false);
    await waitFor(() => expect(session.get().token).toBeNull());
  });

  it('with two-factor on, asks for the code and sends it with the change', async () => {
    session.signIn('test-token');
    const { fetchMock } = stubApi({ '/user/forget': '密码修改成功，请重新登录', '/user/info': profile(true) });
    renderAt(<PasswordPage />, '/pages/setting/password');
    await screen.findByTestId('two-factor-code');
    type('password-old', 'Demo12345');
    type('password-new', 'Secret123');
    type('password-confirm', 'Secret123');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    expect(await screen.findByText('请填写双重验证码')).toBeTruthy();
    expect(changeCalls(fetchMock)).toEqual([]);

    type('two-factor-code', '123456');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    await screen.findByTestId('login-page');
    const body = new URLSearchParams(String(changeCalls(fetchMock)[0]?.[1]?.body));
    expect(body.get('two_factor_code')).toBe('123456');
  });
});
