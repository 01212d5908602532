/** One currency of one account (`/wallet/list`); amounts are decimal strings. */
export interface WalletBalance {
  currency_id: number;
  currency: string;
  name: string;
  icon: string;
  available: string;
  frozen: string;
  total: string;
  usdt_value: string;
  fiat_value: string;
}

/** One of the user's accounts with its balances, as `/wallet/list` answers it. */
export interface WalletAccount {
  type: number;
  /** change, legal, lever, micro, stock ... */
  code: string;
  /** Already in the requested language. */
  name: string;
  total_usdt: string;
  total_fiat: string;
  balances: WalletBalance[];
}
