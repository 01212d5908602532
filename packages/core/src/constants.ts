/** Business constants of spec section 9 shared by server and client. */

export const TIMING = {
  redirectDelayMs: 1200,
  debounceMs: 500,
  toastMs: 1500,
  pageTransitionMs: 300,
  loadingIndicatorDelayMs: 800,
  requestTimeoutMs: 60_000,
  pageLoadTimeoutMs: 60_000,
  pageLoadDelayMs: 200,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Spec 7 realtime client defaults. */
export const REALTIME = {
  path: '/socket.io',
  connectTimeoutMs: 20_000,
  reconnectMinMs: 1000,
  reconnectMaxMs: 5000,
  /** The client pings this often and reconnects when nothing at all arrived for two intervals. */
  heartbeatMs: 20_000,
} as const;

export const LAYERS = {
  toast: 10090,
  noNetwork: 10080,
  popup: 10075,
  mask: 10070,
  navbar: 980,
  topTips: 975,
  sticky: 970,
  indexListSticky: 965,
} as const;

export const COLORS = {
  success: '#28ba98',
  warning: '#d4ba83',
  primary: '#2277fc',
  error: '#f04a5a',
  up: '#28ba98',
  down: '#f04a5a',
  gold: '#d4ba83',
  tabSelected: '#ffd7a6',
  flat: '#8a8f99',
} as const;

export const VERIFICATION_LIMITS = {
  1: { withdrawal24hBtc: '200', fiatTradePerOrderUsdt: '2000' },
  2: { withdrawal24hBtc: '500', fiatTradePerOrderUsdt: '1000000' },
} as const;

export const DEFAULT_FIAT = { currencyCode: 'USD', rate: '1' } as const;

export const PAGE_LIMIT_DEFAULT = 10;
export const PAGE_LIMIT_MAX = 100;
