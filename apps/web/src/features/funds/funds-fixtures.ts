import type { ChainInfo, CoinInfo } from './api.ts';

/** Server answers the funds page tests start from; each test changes what it is about. */

export function chainInfo(chain: string, fields: Partial<ChainInfo> = {}): ChainInfo {
  return {
    chain,
    network: chain === 'TRC20' ? 'TRON (TRC20)' : chain === 'ERC20' ? 'Ethereum (ERC20)' : chain,
    contract: null,
    enabled: true,
    reason: null,
    deposit: { route: 'address', address_deposits: 'on', min: '1.000000', confirmations: 20, memo: false },
    withdraw: { fee: '1.000000', min: '10.000000', max: '2000000.000000' },
    ...fields,
  };
}

export function coinInfo(fields: Partial<CoinInfo> = {}): CoinInfo {
  return {
    currency_id: 3,
    currency: 'USDT',
    name: 'Tether USD',
    icon: '/static/coins/usdt.svg',
    decimals: 6,
    available: '500.000000',
    chains: [chainInfo('ERC20', { withdraw: { fee: '5.000000', min: '20.000000', max: '2000000.000000' } }), chainInfo('TRC20')],
    voucher: { min: '1.000000' },
    bank: [{ route: 'bank', fee: '2.000000', min: '100.000000', max: '50000.000000', enabled: true, reason: null }],
    withdraw_limit: { level: 1, limit_btc: '200.00000000', used_btc: '0.00000000', remaining_btc: '200.00000000', remaining: '19000000.000000' },
    withdrawals_locked_until: null,
    ...fields,
  };
}
