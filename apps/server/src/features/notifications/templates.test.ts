import { describe, expect, it } from 'vitest';
import { localizedParams, notificationText } from './templates.ts';

describe('notification values as the reader sees them', () => {
  it('shows a stored amount with thousands separators, as the reader writes numbers, and without the ledger scale padding', () => {
    const params = localizedParams('fra', 'deposit.credited', { amount: '1000.000000', currency: 'USDT', txid: '0x5d34' });
    // French groups with a narrow no-break space and writes a decimal comma; Spanish groups with a point.
    expect(params).toEqual({ amount: '1\u202f000,00', currency: 'USDT', txid: '0x5d34' });
    expect(localizedParams('spa', 'deposit.credited', { amount: '1000.000000', currency: 'USDT' }).amount).toBe('1.000,00');
    expect(notificationText('en', 'messages.transfer.completed', localizedParams('en', 'transfer.completed', { amount: '100.500000', currency: 'USDT' }))).toContain('100.50 USDT');
    // An NFT's price is money too.
    expect(localizedParams('fra', 'nft.sold', { code: 'OBN0001', price: '100.000000', currency: 'USDT' }).price).toBe('100,00');
  });

  it("writes a copy's result, the trader's share, an NFT margin and trigger prices the same way, a loss with its sign", () => {
    const closed = localizedParams('fra', 'copy.position_closed', { symbol: 'BTC/USDT', pnl: '0.316550', share: '0.031655', trader: 'Trend BTC' });
    expect(closed).toMatchObject({ pnl: '0,31655', share: '0,031655', trader: 'Trend BTC' });
    expect(localizedParams('en', 'futures.closed', { pnl: '-0.966250' }).pnl).toBe('-0.96625');
    expect(localizedParams('en', 'nft.margin_paid', { margin: '20.000000' }).margin).toBe('20.00');
    expect(localizedParams('en', 'spot.stop_triggered', { trigger_price: '95000.00', tick_price: '94998.50' })).toEqual({ trigger_price: '95,000.00', tick_price: '94,998.50' });
  });

  it('keeps every significant digit of a small amount and leaves non-amount values alone', () => {
    expect(localizedParams('en', 'spot.order_filled', { fee: '0.00096200', order_id: '12345', symbol: 'BTC/USDT' })).toEqual({ fee: '0.000962', order_id: '12345', symbol: 'BTC/USDT' });
  });

  it('writes a filled order out by its side, quantity and average price; one stored without them keeps the plain text', () => {
    const filled = { symbol: 'ETH/USDT', side: 'sell', quantity: '1.20000000', base: 'ETH', average_price: '3250.40', quote: 'USDT' };
    expect(notificationText('en', 'messages.spot.order_filled', localizedParams('en', 'spot.order_filled', filled))).toBe('Your sell order for 1.20 ETH on ETH/USDT was filled at an average price of 3,250.40 USDT.');
    expect(notificationText('zh', 'messages.spot.order_filled', localizedParams('zh', 'spot.order_filled', filled))).toBe('您在 ETH/USDT 的卖出订单 1.20 ETH 已成交，成交均价 3,250.40 USDT。');
    expect(notificationText('en', 'messages.spot.order_filled', localizedParams('en', 'spot.order_filled', { symbol: 'ETH/USDT', side: 'sell' }))).toBe('Your ETH/USDT order was filled.');
  });
});
