import { DEFAULT_FIAT } from '@openbourse/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromBrowser } from '@openbourse/i18n';
import { STORAGE_KEYS as KEYS } from './storage-keys.ts';
import { createStore, useStore } from './store.ts';

/** Spec 3: when the stored web version is below this, local storage is cleared once. */
export const WEB_VERSION = 1;

export interface FiatSetting {
  currency_code: string;
  rate: string;
  symbol: string;
  saveTime: number;
}

export interface FiatRate {
  code: string;
  name: string;
  symbol: string;
  rate: string;
}

export interface SessionUser {
  id: number;
  nickname: string;
  email: string | null;
  phone: string | null;
  head_portrait: string;
  [key: string]: unknown;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  lang: Language;
  fiat: FiatSetting;
  fiatList: FiatRate[];
}

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

const DEFAULT_FIAT_SETTING: FiatSetting = { currency_code: DEFAULT_FIAT.currencyCode, rate: DEFAULT_FIAT.rate, symbol: '$', saveTime: 0 };

/** Clears storage written by an older, incompatible web version (once, then records the current version). */
export function migrateStorage(): void {
  const stored = Number(localStorage.getItem(KEYS.webVersion) ?? 0);
  if (!(stored >= WEB_VERSION)) {
    localStorage.clear();
    localStorage.setItem(KEYS.webVersion, String(WEB_VERSION));
  }
}

function load(): Session {
  const lang = localStorage.getItem(KEYS.lang);
  return {
    token: localStorage.getItem(KEYS.token),
    user: readJson<SessionUser | null>(KEYS.user, null),
    // Until the user picks one: the browser's language when it is one of the ten, else the default.
    lang: isLanguage(lang) ? lang : languageFromBrowser(navigator.languages ?? [navigator.language]),
    fiat: readJson<FiatSetting>(KEYS.fiat, DEFAULT_FIAT_SETTING),
    fiatList: readJson<FiatRate[]>(KEYS.fiatList, []),
  };
}

export const sessionStore = createStore<Session>({ token: null, user: null, lang: DEFAULT_LANGUAGE, fiat: DEFAULT_FIAT_SETTING, fiatList: [] });

export function initSession(): void {
  migrateStorage();
  sessionStore.set(load());
}

function persist(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

export const session = {
  get: () => sessionStore.get(),
  signIn(token: string): void {
    persist(KEYS.token, token);
    sessionStore.set((current) => ({ ...current, token }));
  },
  setUser(user: SessionUser | null): void {
    persist(KEYS.user, user);
    sessionStore.set((current) => ({ ...current, user }));
  },
  /** Logout and an invalid session both end here: token and user go, preferences stay. */
  clear(): void {
    persist(KEYS.token, null);
    persist(KEYS.user, null);
    sessionStore.set((current) => ({ ...current, token: null, user: null }));
  },
  setLanguage(lang: Language): void {
    persist(KEYS.lang, lang);
    sessionStore.set((current) => ({ ...current, lang }));
  },
  setFiat(rate: FiatRate): void {
    const fiat: FiatSetting = { currency_code: rate.code, rate: rate.rate, symbol: rate.symbol, saveTime: Date.now() };
    persist(KEYS.fiat, fiat);
    sessionStore.set((current) => ({ ...current, fiat }));
  },
  /** Rates from the site config; the chosen fiat keeps its code but takes the fresh rate. */
  setFiatList(list: FiatRate[]): void {
    persist(KEYS.fiatList, list);
    sessionStore.set((current) => {
      const fresh = list.find((rate) => rate.code === current.fiat.currency_code);
      const fiat = fresh ? { ...current.fiat, rate: fresh.rate, symbol: fresh.symbol } : current.fiat;
      persist(KEYS.fiat, fiat);
      return { ...current, fiatList: list, fiat };
    });
  },
};

export function useSession(): Session {
  return useStore(sessionStore);
}

export const isSignedIn = () => sessionStore.get().token !== null;
