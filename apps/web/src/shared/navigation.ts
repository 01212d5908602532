/**
 * Lets non-React code (the request layer, guards) change the route. The router
 * registers itself at start; before that, the hash is set directly.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigateImpl(path, options);
}

/** The spot trading page of a pair; its symbol contains a slash, hence the encoding. */
export const tradePagePath = (symbol: string) => `/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`;

export const ROUTES = {
  home: '/',
  login: '/pages/common/login',
  register: '/pages/common/register',
  realMark: '/pages/setting/real_mark',
} as const;

/** The login page, coming back to `backTo` (a route with its query) once the user has logged in. */
export const loginPath = (backTo: string): string => (backTo.startsWith(ROUTES.login) || backTo === ROUTES.home ? ROUTES.login : `${ROUTES.login}?redirect=${encodeURIComponent(backTo)}`);

/** The route the app shows now, with its query (the router keeps it in the hash). */
export const currentRoute = (): string => window.location.hash.replace(/^#/, '') || ROUTES.home;

/** What a page asks customer service about when it opens the chat ("contact customer service" gates of spec 6). */
export type SupportTopic = 'recharge' | 'bank_card' | 'nft_sale' | 'withdrawal' | 'account';

/** The transfer form with the account the money should go to already chosen (its code: `lever` futures, `micro` options), from the spot account. */
export const transferIntoPath = (account: 'lever' | 'micro') => `/pages/fund/fundTransfer?from=change&to=${account}`;

/** The customer-service chat, opened with a topic filled in. */
export const supportChatPath = (topic?: SupportTopic) => (topic ? `/pages/kefu/index?topic=${topic}` : '/pages/kefu/index');

/** The news list (`/pages/common/news`), on its news tab or the new-user guide's. */
export const newsListPath = (tab: 'news' | 'guide' = 'news') => (tab === 'guide' ? '/pages/common/news?tab=guide' : '/pages/common/news');
