import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import type { Page } from '../../shared/api/page.ts';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

/** What the funds pages read from the server; amounts are decimal strings, times Unix milliseconds. */

export type AddressDeposits = 'on' | 'off' | 'voucher';
export type DepositRoute = 'address' | 'tag' | 'voucher';

export interface ChainInfo {
  chain: string;
  network: string;
  contract: string | null;
  enabled: boolean;
  reason: string | null;
  deposit: { route: DepositRoute; address_deposits: AddressDeposits; min: string; confirmations: number; memo: boolean };
  withdraw: { fee: string; min: string; max: string };
}

export type BankRoute = 'bank' | 'bank_international';

export interface BankPayout {
  route: BankRoute;
  fee: string;
  min: string;
  max: string;
  enabled: boolean;
  reason: string | null;
}

export interface CoinInfo {
  currency_id: number;
  currency: string;
  name: string;
  icon: string;
  decimals: number;
  available: string;
  chains: ChainInfo[];
  voucher: { min: string };
  bank: BankPayout[];
  withdraw_limit: { level: number; limit_btc: string; used_btc: string; remaining_btc: string; remaining: string | null };
  withdrawals_locked_until: number | null;
}

export interface DepositAddress {
  currency: string;
  chain: string;
  network: string;
  address: string;
  tag: number | null;
  memo_required: boolean;
  qr_code: string;
  min_deposit: string;
  confirmations: number;
  contract: string | null;
}

export type DepositStatus = 'confirming' | 'credited' | 'below_minimum' | 'review' | 'rejected';

export interface DepositRecord {
  id: number;
  route: 'chain' | 'voucher';
  currency: string;
  icon: string;
  chain: string | null;
  network: string | null;
  amount: string;
  status: DepositStatus;
  confirmations: number;
  required_confirmations: number;
  txid: string | null;
  explorer_url: string | null;
  address: string | null;
  tag: number | null;
  reason: string | null;
  created_at: number;
  credited_at: number | null;
}

export type WithdrawalStatus = 'review' | 'paid' | 'rejected';
export type WithdrawalRouteName = 'address' | BankRoute;

export interface WithdrawalRecord {
  id: number;
  route: WithdrawalRouteName;
  currency: string;
  icon: string;
  chain: string | null;
  network: string | null;
  destination: string;
  memo: string | null;
  amount: string;
  fee: string;
  total: string;
  status: WithdrawalStatus;
  tx_ref: string | null;
  explorer_url: string | null;
  reason: string | null;
  created_at: number;
}

export interface SavedAddress {
  id: number;
  currency_id: number;
  currency: string;
  icon: string;
  chain: string;
  network: string;
  name: string;
  address: string;
  memo: string | null;
  created_at: number;
}

export interface DomesticCard {
  real_name: string;
  bank_name: string;
  bank_account: string;
  bank_dizhi: string;
  bank_network: string;
  phone: string;
}

export interface InternationalCard {
  real_name: string;
  bank_name: string;
  bank_account: string;
  bank_dizhi: string;
  aba_number: string;
  wechat_nickname: string;
  wechat_account: string;
}

export interface UserCurrency {
  id: number;
  currency: string;
  name: string;
  icon: string;
  kind: 'crypto' | 'stock';
  /** It moves on a network: only these can be deposited, withdrawn or given a saved address. */
  on_chain: boolean;
  total: string;
  /** The spot account's available balance: what the withdrawal form offers. */
  withdrawable: string;
  usdt_value: string;
}

/** What the withdrawal form needs to know about the user (the same query as the profile pages'). */
export interface FundsUser {
  has_pay_password: boolean;
  two_factor_enabled: boolean;
  verification: { level: number };
}

const PAGE_SIZE = 10;

export const fundsKeys = {
  coin: (currency: string) => ['funds', 'coin', currency] as const,
  records: ['funds', 'records'] as const,
  addresses: ['funds', 'addresses'] as const,
  cards: ['funds', 'cards'] as const,
};

export function useUserCurrencies() {
  return useQuery({ queryKey: ['currency', 'user_currency_list'], queryFn: () => api.get<UserCurrency[]>('/currency/user_currency_list') });
}

export function useFundsUser() {
  return useQuery({ queryKey: ['user', 'info'], queryFn: () => api.get<FundsUser>('/user/info') });
}

/** A coin's chains, fees and limits, with the user's balance, withdrawal limit left and lock. */
export function useCoinInfo(currency: string) {
  const { lang } = useSession();
  return useQuery({ queryKey: [...fundsKeys.coin(currency), lang], queryFn: () => api.post<CoinInfo>('/wallet/get_info', { currency }), enabled: currency !== '' });
}

export function useDepositAddress(currency: string, chain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['funds', 'address', currency, chain],
    queryFn: () => api.post<DepositAddress>('/wallet/get_in_address', { currency, chain }, { silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Chain deposits gain confirmations while the page is open: the list is asked again every few seconds until none is confirming. */
const CONFIRMING_REFRESH_MS = 5_000;

export function useDepositRecords() {
  return useInfiniteQuery({
    queryKey: [...fundsKeys.records, 'deposits'],
    queryFn: ({ pageParam }) => api.get<Page<DepositRecord>>('/recharge/log', { page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.list.some((record) => record.status === 'confirming')) ? CONFIRMING_REFRESH_MS : false),
  });
}

export function useWithdrawRecords() {
  return useInfiniteQuery({
    queryKey: [...fundsKeys.records, 'withdrawals'],
    queryFn: ({ pageParam }) => api.get<Page<WithdrawalRecord>>('/user/withdraw/list', { page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

export function useSavedAddresses(currency?: string) {
  return useQuery({
    queryKey: [...fundsKeys.addresses, currency ?? 'all'],
    queryFn: async () => (await api.get<Page<SavedAddress>>('/user/wallet/list', { currency, limit: 100 })).list,
  });
}

export function useDomesticCard() {
  return useQuery({ queryKey: [...fundsKeys.cards, 'domestic'], queryFn: () => api.post<DomesticCard | null>('/user/cash_info') });
}

export function useInternationalCard() {
  return useQuery({ queryKey: [...fundsKeys.cards, 'international'], queryFn: () => api.post<InternationalCard | null>('/user/cash_info_international') });
}

export interface VoucherForm {
  currency: string;
  amount: string;
  type: number;
  chain?: string;
  account?: string;
  voucher: string;
}

export interface WithdrawForm {
  currency: string;
  number: string;
  type: WithdrawalRouteName;
  address_id?: number;
  pay_password: string;
  two_factor_code?: string;
}

export const fundsApi = {
  upload: (file: File, directory: 'voucher' | 'wallet') => api.upload(file, directory),
  submitVoucher: (form: VoucherForm) => api.post<{ id: number; message: string }>('/wallet/charge_req', { ...form }),
  withdraw: (form: WithdrawForm) => api.post<{ id: number; message: string }>('/wallet/out', { ...form }),
  saveAddress: (form: { currency: string; chain: string; name: string; address: string; memo?: string; qrcode: string }) => api.post<{ id: number; message: string }>('/user/wallet/save', form),
  deleteAddress: (id: number) => api.post<string>('/user/wallet/del', { id }),
  saveCard: (card: DomesticCard) => api.post<string>('/user/cash_save', { ...card }),
  saveInternationalCard: (card: InternationalCard) => api.post<string>('/user/cash_save_international', { ...card }),
};

/** After money moved: the coin's balance and limits, the records, and the assets pages. */
export function refreshFunds(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['funds'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['currency', 'user_currency_list'] }),
  ]).then(() => undefined);
}
