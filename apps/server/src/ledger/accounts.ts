/**
 * System accounts are ledger accounts like any user's. Those allowed to go
 * negative mirror money outside the platform (deposits in flight, demo
 * issuance) or platform equity (house results, rewards paid); every other
 * account, every user account included, can never go below zero.
 */
export const SYSTEM_ACCOUNTS = {
  fees: { allowNegative: false },
  house: { allowNegative: true },
  market_maker: { allowNegative: false },
  deposit_clearing: { allowNegative: true },
  withdrawal_clearing: { allowNegative: false },
  rewards: { allowNegative: true },
  treasury: { allowNegative: true },
  /** NFT creators' royalties, owed to the artists (per artist in nft_listings). */
  royalties: { allowNegative: false },
} as const;

export type SystemAccountCode = keyof typeof SYSTEM_ACCOUNTS;

export const SYSTEM_ACCOUNT_TYPE_ID = 0;

export type Bucket = 'available' | 'frozen';

export type AccountRef =
  | { userId: number; currencyId: number; accountTypeId: number }
  | { system: SystemAccountCode; currencyId: number };

export function isSystemRef(ref: AccountRef): ref is { system: SystemAccountCode; currencyId: number } {
  return 'system' in ref;
}
