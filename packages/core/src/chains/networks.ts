/**
 * The chains the platform knows, by the ids `data/currencies.json` and
 * `data/chains.json` use. ETH and ERC20 tokens share the Ethereum chain
 * ("ERC20"), so a user has one Ethereum address for all of them.
 */
export const CHAIN_IDS = ['BTC', 'ERC20', 'TRC20', 'LTC', 'BCH', 'DOGE', 'XRP', 'SOL', 'ADA'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

/** Chains whose deposit addresses are derived per user from an extended public key. */
export const DERIVED_CHAINS = ['BTC', 'ERC20', 'TRC20', 'LTC', 'BCH', 'DOGE'] as const;
export type DerivedChain = (typeof DERIVED_CHAINS)[number];

/**
 * How a user deposits on a chain: to their own derived address, to the
 * platform's one address with their destination tag (XRP), or by payment
 * voucher reviewed by an operator (chains without either).
 */
export type DepositRoute = 'address' | 'tag' | 'voucher';

export function isChainId(value: string): value is ChainId {
  return (CHAIN_IDS as readonly string[]).includes(value);
}

export function isDerivedChain(chain: string): chain is DerivedChain {
  return (DERIVED_CHAINS as readonly string[]).includes(chain);
}

export function depositRouteOf(chain: ChainId): DepositRoute {
  if (isDerivedChain(chain)) return 'address';
  return chain === 'XRP' ? 'tag' : 'voucher';
}

/** BIP44 coin types, for the account keys demo mode generates (m/44'/<coin>'/0'). */
export const BIP44_COIN_TYPES: Record<DerivedChain, number> = { BTC: 0, LTC: 2, DOGE: 3, ERC20: 60, BCH: 145, TRC20: 195 };

/** The largest destination tag XRP carries (an unsigned 32-bit integer). */
export const XRP_MAX_TAG = 4_294_967_295;
