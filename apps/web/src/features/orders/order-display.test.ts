import { describe, expect, it } from 'vitest';
import { cancelReasonKey, fillPercent, orderStatusKey, tickDeviation } from './order-display.ts';

describe('order display rules', () => {
  it('refines the server status by whether anything filled', () => {
    expect(orderStatusKey({ status: 'open', filled_amount: '0.0000' })).toBe('open');
    expect(orderStatusKey({ status: 'open', filled_amount: '0.0001' })).toBe('partial');
    expect(orderStatusKey({ status: 'filled', filled_amount: '1.0000' })).toBe('filled');
    expect(orderStatusKey({ status: 'cancelled', filled_amount: '0' })).toBe('cancelled');
    expect(orderStatusKey({ status: 'cancelled', filled_amount: '0.5' })).toBe('partialCancelled');
  });

  it('names why an order was cancelled', () => {
    const cancelled = (cancel_reason: string | null, order_type: 'limit' | 'market' = 'limit') => cancelReasonKey({ status: 'cancelled', cancel_reason, order_type });
    expect(cancelled('user')).toBe('user');
    expect(cancelled('self_trade_prevented')).toBe('selfTrade');
    expect(cancelled('no_liquidity', 'market')).toBe('noLiquidity');
    expect(cancelled('price_limit', 'market')).toBe('priceLimitMarket');
    expect(cancelled('price_limit', 'limit')).toBe('priceLimitIoc');
    expect(cancelled('quote_budget_exhausted', 'market')).toBe('budgetExhausted');
    expect(cancelled('fok_not_fillable')).toBe('fokUnfillable');
    expect(cancelled('maintenance')).toBe('other');
    expect(cancelReasonKey({ status: 'filled', cancel_reason: null, order_type: 'limit' })).toBeNull();
  });

  it('computes fill progress in decimals, truncated', () => {
    expect(fillPercent('4.0000', '6.0000')).toBe('66.66');
    expect(fillPercent('0.1', '0.3')).toBe('33.33');
    expect(fillPercent('0.0500', '0.0500')).toBe('100.00');
    expect(fillPercent('0', '0')).toBe('0.00');
  });

  it('measures a fill against its reference tick', () => {
    expect(tickDeviation('96221.59', '96202.34')).toEqual({ difference: '+19.25', percent: '+0.02' });
    expect(tickDeviation('3419.54', '3420.15')).toEqual({ difference: '-0.61', percent: '-0.01' });
    expect(tickDeviation('100.00', '100.00')).toEqual({ difference: '0.00', percent: '0.00' });
    expect(tickDeviation('100.001', '100.002')).toEqual({ difference: '-0.001', percent: '0.00' });
  });
});
