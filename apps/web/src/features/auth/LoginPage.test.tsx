import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { session } from '../../shared/session.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import LoginPage from './LoginPage.tsx';

setupPageTests();

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId).closest('.adm-input')?.querySelector('input') ?? screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
};

const bodyOf = (fetchMock: ReturnType<typeof stubApi>['fetchMock'], path: string) =>
  Object.fromEntries(new URLSearchParams(String(fetchMock.mock.calls.find(([input]) => String(input).endsWith(path))?.[1]?.body)));

/** The shared test router keeps /pages/common/login for itself, so the page is tried at an address of its own. */
const withHome = (
  <Routes>
    <Route path="/sign-in" element={<LoginPage />} />
    <Route path="/" element={<div data-testid="home" />} />
  </Routes>
);

async function submitPassword(): Promise<void> {
  await screen.findByTestId('login-submit');
  type('login-account', 'demo@openbourse.test');
  type('login-password', 'Demo12345');
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
}

describe('LoginPage', () => {
  it('with two-factor on, asks for the code after the password and signs in with the challenge and the code', async () => {
    const { fetchMock } = stubApi({
      '/user/login': { two_factor_required: true, challenge: 'challenge-1', expires_in: 300 },
      '/user/login/2fa': 'session-token',
      '/user/info': { id: 1, nickname: 'Demo', email: 'demo@openbourse.test', phone: null, head_portrait: '' },
    });
    renderAt(withHome, '/sign-in');
    await submitPassword();

    await screen.findByTestId('login-2fa-code');
    // No session yet: the challenge is not a token.
    expect(session.get().token).toBeNull();
    type('login-2fa-code', '123456');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-2fa-submit'));
    });
    await screen.findByTestId('home');
    expect(bodyOf(fetchMock, '/user/login/2fa')).toMatchObject({ challenge: 'challenge-1', code: '123456' });
    expect(session.get().token).toBe('session-token');
  });

  it('takes a recovery code instead, checks its form before sending, and goes back to the password', async () => {
    const { fetchMock } = stubApi({ '/user/login': { two_factor_required: true, challenge: 'challenge-2', expires_in: 300 } });
    renderAt(withHome, '/sign-in');
    await submitPassword();
    await screen.findByTestId('login-2fa-code');

    fireEvent.click(screen.getByTestId('login-2fa-switch'));
    type('login-2fa-code', 'not-a-code');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-2fa-submit'));
    });
    expect(await screen.findByText('恢复码格式为 XXXXX-XXXXX')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/user/login/2fa'))).toBe(false);

    fireEvent.click(screen.getByTestId('login-2fa-back'));
    await screen.findByTestId('login-submit');
  });

  it('without two-factor, signs in with the password alone', async () => {
    stubApi({ '/user/login': 'plain-token', '/user/info': { id: 1, nickname: 'Demo', email: 'demo@openbourse.test', phone: null, head_portrait: '' } });
    renderAt(withHome, '/sign-in');
    await submitPassword();
    await screen.findByTestId('home');
    await waitFor(() => expect(session.get().token).toBe('plain-token'));
  });
});
