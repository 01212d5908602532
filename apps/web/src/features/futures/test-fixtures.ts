import type { FuturesOrder, WireTerms } from './api.ts';

// BTC/USDT as data/futures.json has it: 0.01 a tick, 0.001 BTC a lot, spread 0.10, fee 0.05%, maintenance 0.5%, overnight 0.02%.
export const wire: WireTerms = { tick_size: '0.01', lot_size: '0.001', quote_scale: 6, spread_ticks: 10, fee_rate: '0.0005', maintenance_margin_ratio: '0.005', overnight_rate: '0.0002' };

/** 10 lots long ×10 opened at 100000.05, as the server answers it (the figures of futures.test.ts). */
export function holding(fields: Partial<FuturesOrder> = {}): FuturesOrder {
  return {
    id: 1,
    symbol: 'BTC/USDT',
    currency_id: 1,
    legal_id: 3,
    side: 'long',
    order_type: 'market',
    status: 'holding',
    multiple: 10,
    lots: 10,
    quantity: '0.01',
    limit_price: null,
    open_price: '100000.05',
    open_tick_id: 1,
    margin: '100.000050',
    entrust_hold: '0.000000',
    open_fee: '0.500001',
    overnight_fees: '0.000000',
    take_profit: null,
    stop_loss: null,
    liquidation_price: '90500.09',
    feed_price: '100000.00',
    pnl: '-0.001000',
    risk_rate: '99.99',
    pnl_at_take_profit: null,
    pnl_at_stop_loss: null,
    terms: wire,
    created_at: 0,
    opened_at: 0,
    close: null,
    copy: null,
    ...fields,
  };
}
