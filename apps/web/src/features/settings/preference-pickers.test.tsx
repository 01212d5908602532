import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../shared/i18n/index.ts';
import { initSession, session } from '../../shared/session.ts';
import { FiatPopup, LanguagePopup } from './preference-pickers.tsx';

beforeAll(async () => {
  initSession();
  await initI18n('zh');
});

beforeEach(async () => {
  session.setLanguage('zh');
  await changeLanguage('zh');
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LanguagePopup', () => {
  it('lists all ten languages by their native names', async () => {
    render(
      <Suspense fallback={null}>
        <LanguagePopup visible onClose={() => {}} />
      </Suspense>,
    );
    expect(await screen.findByText('选择语言')).toBeTruthy();
    for (const name of ['简体中文', '繁體中文', 'English', '日本語', '한국어', 'ภาษาไทย', 'Français', 'Español', 'Bahasa Melayu', 'Tiếng Việt']) {
      expect(screen.getByText(name)).toBeTruthy();
    }
  });

  it('switches the interface language and keeps the choice for the next visit', async () => {
    const onClose = vi.fn();
    render(
      <Suspense fallback={null}>
        <LanguagePopup visible onClose={onClose} />
      </Suspense>,
    );
    await screen.findByText('选择语言');
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-en'));
    });
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(session.get().lang).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('shell:actions.logout')).toBe('Log out');
    // A reload reads the session back from storage.
    expect(localStorage.getItem('ob.lang')).toBe('en');
    session.setLanguage('zh');
    localStorage.setItem('ob.lang', 'en');
    localStorage.setItem('ob.webVersion', '1');
    initSession();
    expect(session.get().lang).toBe('en');
  });

  it('tells the server a signed-in user\'s choice, so their mails are written in it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ type: 'ok', message: 'ok' }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    session.signIn('user-token');
    render(
      <Suspense fallback={null}>
        <LanguagePopup visible onClose={() => {}} />
      </Suspense>,
    );
    await screen.findByText('选择语言');
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-jp'));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toMatch(/\/api\/user\/lang$/);
    expect(new URLSearchParams(String(init.body)).get('lang')).toBe('jp');
    session.clear();
  });
});

describe('FiatPopup', () => {
  it('sets the chosen fiat currency with its rate', async () => {
    session.setFiatList([
      { code: 'USD', name: 'US Dollar', symbol: '$', rate: '1' },
      { code: 'CNY', name: 'Chinese Yuan', symbol: '¥', rate: '7.12' },
    ]);
    const onClose = vi.fn();
    render(
      <Suspense fallback={null}>
        <FiatPopup visible onClose={onClose} />
      </Suspense>,
    );
    fireEvent.click(await screen.findByTestId('fiat-CNY'));
    expect(session.get().fiat).toMatchObject({ currency_code: 'CNY', rate: '7.12', symbol: '¥' });
    expect(onClose).toHaveBeenCalled();
  });
});
