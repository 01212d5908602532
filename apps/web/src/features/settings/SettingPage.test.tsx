import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session.ts';
import SettingPage from './SettingPage.tsx';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';

const demo = {
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
  has_pay_password: false,
  verification: { level: 2, state: 'verified', status: 2, pending_level: null, reason: null },
  created_at: 1795361023847,
};

setupPageTests();

describe('SettingPage', () => {
  it('offers login to visitors and switches language from the language entry', async () => {
    const { fetchMock } = stubApi();
    renderAt(<SettingPage />, '/pages/setting/setting');
    expect(await screen.findByTestId('setting-guest')).toBeTruthy();
    expect(screen.queryByTestId('logout')).toBeNull();
    expect(screen.getByTestId('setting-language').textContent).toContain('简体中文');
    fireEvent.click(screen.getByTestId('setting-language'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('language-en'));
    });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(session.get().lang).toBe('en');
    await waitFor(() => expect(screen.getByTestId('setting-language').textContent).toContain('English'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the profile with its verification badge and logs out', async () => {
    session.signIn('test-token');
    const { calledPaths } = stubApi({ '/user/info': demo, '/user/logout': '已退出登录' });
    renderAt(<SettingPage />, '/pages/setting/setting');
    const profile = await screen.findByTestId('setting-profile');
    await waitFor(() => expect(profile.textContent).toContain('Lv2'));
    expect(profile.textContent).toContain('Demo');
    expect(profile.textContent).toContain('已认证');
    await act(async () => {
      fireEvent.click(screen.getByTestId('logout'));
    });
    await screen.findByTestId('login-page');
    expect(calledPaths()).toEqual(['/api/user/info', '/api/user/logout']);
    expect(session.get().token).toBeNull();
    expect(session.get().user).toBeNull();
  });
});
