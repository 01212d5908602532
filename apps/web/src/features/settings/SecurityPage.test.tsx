import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import SecurityPage from './SecurityPage.tsx';

setupPageTests({ signedIn: true });

const user = {
  id: 1,
  email: 'demo@openbourse.test',
  phone: '13800000000',
  area_code: '86',
  account: 'demo@openbourse.test',
  masked_email: 'de***@openbourse.test',
  masked_phone: '138****0000',
  nickname: 'Demo',
  signature: '',
  head_portrait: '',
  invite_code: 'RQYQUSKD',
  credit_score: 100,
  has_pay_password: true,
  two_factor_enabled: true,
  security_changed_at: null,
  verification: { level: 2, state: 'verified', status: 2, pending_level: null, reason: null },
  created_at: 1795361023847,
};

const overview = { two_factor_enabled: true, two_factor_enabled_at: 1795361023847, recovery_codes_left: 7, anti_phishing_code: 'Tiger2024', security_changed_at: null, withdrawals_locked_until: null };

const sessions = [
  { id: 11, device: 'Chrome 126 · Android 14', ip: '10.0.0.2', created_at: 1795361023847, last_seen_at: 1795361023847, current: true },
  { id: 12, device: '', ip: '10.0.0.3', created_at: 1795361000000, last_seen_at: 1795361000000, current: false },
];

const history = {
  list: [
    { id: 3, time: 1795361023847, ip: '10.0.0.2', device: 'Chrome 126 · Android 14', success: true, failure: null },
    { id: 2, time: 1795361000000, ip: '10.0.0.9', device: 'Safari 17 · iPhone (iOS 17.4)', success: false, failure: 'second_factor' },
  ],
  page: 1,
  limit: 10,
  total: 2,
  has_more: false,
};

describe('SecurityPage', () => {
  it('shows two-factor, the anti-phishing code, the devices and the login history with why a login failed', async () => {
    stubApi({ '/user/info': user, '/safe/security': overview, '/safe/sessions': sessions, '/safe/login_history': history });
    renderAt(<SecurityPage />, '/pages/setting/security');
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('已开启');
    expect(screen.getByText('剩余恢复码：7 个')).toBeTruthy();
    expect(screen.getByTestId('anti-phishing-code').textContent).toBe('Tiger2024');
    const items = await screen.findAllByTestId('session-item');
    expect(items[0]?.textContent).toContain('本机');
    // A browser the server could not name is an unknown device, and this device has no log-out button.
    expect(items[1]?.textContent).toContain('未知设备');
    expect(screen.queryByTestId('session-revoke-11')).toBeNull();
    const entries = await screen.findAllByTestId('login-history-item');
    expect(entries[1]?.textContent).toContain('双重验证码错误');
  });

  it('logs out another device by its id', async () => {
    const { fetchMock } = stubApi({ '/user/info': user, '/safe/security': overview, '/safe/sessions': sessions, '/safe/login_history': history, '/safe/sessions/revoke': '该设备已退出登录' });
    renderAt(<SecurityPage />, '/pages/setting/security');
    await act(async () => {
      fireEvent.click(await screen.findByTestId('session-revoke-12'));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/safe/sessions/revoke'))).toBe(true));
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/safe/sessions/revoke'));
    expect(new URLSearchParams(String(call?.[1]?.body)).get('id')).toBe('12');
  });

  it('asks for the two-factor code when turning two-factor off', async () => {
    const { fetchMock } = stubApi({ '/user/info': user, '/safe/security': overview, '/safe/sessions': sessions, '/safe/login_history': history });
    renderAt(<SecurityPage />, '/pages/setting/security?panel=twoFactor');
    await act(async () => {
      fireEvent.click(await screen.findByTestId('two-factor-disable'));
    });
    expect(await screen.findByText('请填写双重验证码')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/safe/2fa/disable'))).toBe(false);
  });
});
