import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import type { Page } from '../../shared/api/page.ts';
import type { WalletAccount } from '../../shared/api/wallet.ts';
import { refreshBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';

export interface AccountRef {
  type: number;
  /** change, stock, lever... */
  code: string;
  /** In the requested language. */
  name: string;
}

/** An account and the currencies it can hold (data/account-types.json). */
export interface TransferAccount extends AccountRef {
  currency_ids: number[];
}

export interface AccountTransfer {
  id: number;
  currency_id: number;
  currency: string;
  amount: string;
  from: AccountRef;
  to: AccountRef;
  created_at: number;
}

/** A stored feed tick: the market price a conversion used. */
export interface FeedTick {
  id: number;
  symbol: string;
  price: string;
  time: number;
  source?: string;
}

export interface ConvertCurrency {
  id: number;
  currency: string;
  name: string;
  icon: string;
  scale: number;
  display_decimals: number;
  /** In the spot account, where conversions happen. */
  available: string;
  /** Currency ids it converts into. */
  to: number[];
}

export interface ConvertList {
  account: AccountRef;
  fee_bps: number;
  fee_rate: string;
  quote_ttl_ms: number;
  currencies: ConvertCurrency[];
}

export interface ConversionQuote {
  quote_id: string;
  from_currency_id: number;
  from_currency: string;
  to_currency_id: number;
  to_currency: string;
  from_scale: number;
  to_scale: number;
  from_price: string;
  to_price: string;
  rate: string;
  fee_bps: number;
  fee_rate: string;
  ticks: FeedTick[];
  created_at: number;
  expires_at: number;
  valid_ms: number;
}

export interface Conversion {
  id: number;
  kind: 'quote' | 'small_balance';
  from_currency_id: number;
  from_currency: string;
  to_currency_id: number;
  to_currency: string;
  amount_in: string;
  amount_out: string;
  fee: string;
  fee_currency: string;
  fee_rate: string;
  rate: string;
  from_price: string;
  to_price: string;
  ticks: FeedTick[];
  account: AccountRef;
  created_at: number;
}

/** One posting of the user's ledger accounts: a line of the bills. */
export interface Bill {
  id: number;
  entry_id: number;
  /** The journal entry's type: transfer, conversion, spot_trade... */
  type: string;
  type_name: string;
  currency_id: number;
  currency: string;
  account_type: number;
  account_name: string;
  bucket: 'available' | 'frozen';
  /** Signed. */
  amount: string;
  /** Null on an informational row. */
  balance_after: string | null;
  /** An invitation rebate the user's fee paid to their inviter: shown next to the fee, not a change of the user's balance. */
  informational?: boolean;
  created_at: number;
}

export interface BillFilter {
  currency?: number;
  account?: number;
  kind?: string;
  /** Unix ms, inclusive. */
  from?: number;
  /** Unix ms, exclusive. */
  to?: number;
}

export interface CoinAccount extends AccountRef {
  available: string;
  frozen: string;
  total: string;
  usdt_value: string;
  fiat_value: string;
}

export interface CoinDetail {
  currency_id: number;
  currency: string;
  name: string;
  icon: string;
  kind: 'crypto' | 'stock';
  scale: number;
  display_decimals: number;
  chains: string[];
  available: string;
  frozen: string;
  total: string;
  usdt_value: string;
  fiat_value: string;
  usdt_price: string;
  fiat: { code: string; symbol: string; rate: string };
  /** The pair it trades as against USDT, if any. */
  trade_symbol: string | null;
  accounts: CoinAccount[];
}

const WALLET_KEY = 'wallet';

/** After money moved: every balance, bill and history on screen is stale, and so are the balances other pages keep (the options and futures tickets). */
async function refreshFunds(): Promise<void> {
  refreshBalances();
  await Promise.all(
    [[WALLET_KEY], ['funds']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useTransferAccounts() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['funds', 'accounts', lang], queryFn: () => api.get<TransferAccount[]>('/wallet/transfer_accounts'), staleTime: Number.POSITIVE_INFINITY });
}

/** Every account's balances; the same request (and cache) as the assets tab. */
export function useWalletAccounts() {
  const { fiat, lang } = useSession();
  return useQuery({
    queryKey: [WALLET_KEY, 'list', fiat.currency_code, lang],
    queryFn: () => api.post<{ accounts: WalletAccount[] }>('/wallet/list', { fiat: fiat.currency_code }),
  });
}

export function useAccountTransfer() {
  return useMutation({
    mutationFn: (input: { currencyId: number; amount: string; from: string; to: string }) =>
      api.post<AccountTransfer>('/wallet/change', { currency_id: input.currencyId, number: input.amount, from_field: input.from, to_field: input.to }),
    onSuccess: refreshFunds,
  });
}

function usePaged<T>(key: unknown[], path: string, params: Record<string, string | number | undefined> = {}) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: ['funds', ...key],
    queryFn: ({ pageParam }) => api.get<Page<T>>(path, { ...params, page: pageParam, limit: 20 }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== null,
  });
}

export const useTransferHistory = () => usePaged<AccountTransfer>(['transfers'], '/wallet/hzhistory');
export const useConversionHistory = () => usePaged<Conversion>(['conversions'], '/user/conversion/list');

export function useConvertList() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['funds', 'convertible', lang], queryFn: () => api.post<ConvertList>('/user/getTransferList') });
}

/**
 * The quote for a pair, fetched again shortly before it runs out, so what
 * the page shows can always be accepted. `receivedAt` is the client's clock,
 * which counts the quote down without trusting the two clocks agree.
 */
export function useConversionQuote(fromId: number | undefined, toId: number | undefined, refreshMs: number) {
  return useQuery({
    queryKey: ['funds', 'quote', fromId, toId],
    queryFn: async () => ({ quote: await api.post<ConversionQuote>('/user/getTransferFee', { from_currency_id: fromId, to_currency_id: toId }, { silent: true }), receivedAt: Date.now() }),
    enabled: fromId !== undefined && toId !== undefined && fromId !== toId,
    refetchInterval: refreshMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useConvert() {
  return useMutation({
    mutationFn: (input: { quote: ConversionQuote; amount: string }) =>
      api.post<Conversion>('/user/Transfer', { number: input.amount, from_currency_id: input.quote.from_currency_id, to_currency_id: input.quote.to_currency_id, quote_id: input.quote.quote_id }),
    onSettled: refreshFunds,
  });
}

export function useCoin(currency: string | null) {
  const { fiat, lang } = useSession();
  return useQuery({
    queryKey: [WALLET_KEY, 'coin', currency, fiat.currency_code, lang],
    queryFn: () => api.post<CoinDetail>('/wallet/coin', { currency: currency ?? '', fiat: fiat.currency_code }, { silent: true }),
    enabled: currency !== null,
  });
}

export function useBills(filter: BillFilter, limit = 20) {
  const { token, lang } = useSession();
  return useInfiniteQuery({
    queryKey: ['funds', 'bills', filter, limit, lang],
    queryFn: ({ pageParam }) =>
      api.post<Page<Bill>>(
        '/wallet/legal_log',
        { currency: filter.currency, type: filter.account, kind: filter.kind, from: filter.from, to: filter.to, page: pageParam, limit },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export interface CurrencyInfo {
  id: number;
  symbol: string;
  name: string;
  icon: string;
  kind: 'crypto' | 'stock';
  scale: number;
  display_decimals: number;
}

/** Every listed currency, coins and stocks, with its decimals. */
export function useCurrencies() {
  return useQuery({
    queryKey: ['currency', 'list'],
    queryFn: () => api.get<CurrencyInfo[]>('/currency/list'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
