import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../shared/i18n/index.ts';
import { initSession, session } from '../../shared/session.ts';
import type { RealState } from './api.ts';
import RealPage from './RealPage.tsx';
import { renderAt, stubApi } from '../../shared/test-utils.tsx';

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
};

const unverified: RealState = {
  level: 0,
  state: 'none',
  status: 0,
  pending_level: null,
  reason: null,
  email_bound: true,
  phone_bound: true,
  lv1: { state: 'none', status: 0 },
  lv2: { state: 'none', status: 0 },
};

beforeAll(async () => {
  initSession();
  await initI18n('zh');
});

beforeEach(async () => {
  session.signIn('test-token');
  session.setLanguage('zh');
  await changeLanguage('zh');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RealPage', () => {
  it('the Lv1 form refuses a bad ID card number before any call', async () => {
    const { calledPaths } = stubApi({ '/real/state': unverified });
    renderAt(<RealPage />, '/pages/setting/real');
    expect((await screen.findByTestId('real-state')).textContent).toContain('未认证');
    expect(screen.getByTestId('real-front').querySelector('input[type=file]')).toBeTruthy();
    type('real-name', '张三');
    type('real-card-id', '110101199003070000');
    await act(async () => {
      fireEvent.click(screen.getByTestId('real-submit'));
    });
    expect(await screen.findByText('请输入正确的身份证号码')).toBeTruthy();
    expect(calledPaths()).toEqual(['/api/real/state']);
  });

  it('accepts a valid ID card number but still asks for the front picture', async () => {
    const { calledPaths } = stubApi({ '/real/state': unverified });
    renderAt(<RealPage />, '/pages/setting/real');
    await screen.findByTestId('real-state');
    type('real-name', '张三');
    type('real-card-id', '11010519491231002X');
    await act(async () => {
      fireEvent.click(screen.getByTestId('real-submit'));
    });
    expect(await screen.findByText('请上传证件正面照片')).toBeTruthy();
    expect(screen.queryByText('请输入正确的身份证号码')).toBeNull();
    expect(calledPaths()).toEqual(['/api/real/state']);
  });

  it('checks passport numbers with the document rule instead', async () => {
    stubApi({ '/real/state': unverified });
    renderAt(<RealPage />, '/pages/setting/real');
    await screen.findByTestId('real-state');
    fireEvent.click(screen.getByText('护照'));
    type('real-name', 'Jane Doe');
    type('real-card-id', 'E1');
    await act(async () => {
      fireEvent.click(screen.getByTestId('real-submit'));
    });
    expect(await screen.findByText('请输入正确的证件号码')).toBeTruthy();
  });

  it('shows the Lv2 form with front and back pictures at level 1', async () => {
    stubApi({ '/real/state': { ...unverified, level: 1, state: 'verified', status: 2, lv1: { state: 'verified', status: 2, id_type: 1, name: '张*', card_id: '110************02X' } } });
    renderAt(<RealPage />, '/pages/setting/real');
    await screen.findByTestId('real-state');
    expect(screen.getByTestId('real-front').querySelector('input[type=file]')).toBeTruthy();
    expect(screen.getByTestId('real-back').querySelector('input[type=file]')).toBeTruthy();
    expect(screen.queryByTestId('real-name')).toBeNull();
  });

  it('shows the reviewer reason and asks to bind email and phone first', async () => {
    stubApi({ '/real/state': { ...unverified, state: 'failed', status: 3, pending_level: 1, reason: '照片模糊', phone_bound: false } });
    renderAt(<RealPage />, '/pages/setting/real');
    expect((await screen.findByTestId('real-reason')).textContent).toContain('照片模糊');
    expect(screen.getByTestId('real-bind-first')).toBeTruthy();
    expect(screen.queryByTestId('real-submit')).toBeNull();
  });
});
