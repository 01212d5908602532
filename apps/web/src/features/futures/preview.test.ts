import { describe, expect, it } from 'vitest';
import { liquidationAfterMargin, liveAccountRisk, livePosition, previewTicket, priceTicks, ratePercent, termsOf } from './preview.ts';
import { holding, wire } from './test-fixtures.ts';

const terms = termsOf(wire);
const feedTicks = priceTicks(terms, '100000') as number;
const ticket = (input: { side?: 'long' | 'short'; lots?: number; multiple?: number; limit?: string; takeProfit?: string; stopLoss?: string }) =>
  previewTicket(terms, { side: 'long', lots: 10, multiple: 10, feedTicks, ...input });

describe('the ticket preview', () => {
  it('previews a market long as the server opens it: margin, fee and liquidation price', () => {
    expect(ticket({})).toEqual({ margin: '100.000050', fee: '0.500001', total: '100.500051', liquidation: '90500.09', issue: null });
  });

  it('shows the P&L at the take-profit and the stop-loss once they are acceptable', () => {
    expect(ticket({ takeProfit: '101000', stopLoss: '95000' })).toMatchObject({ issue: null, pnlAtTakeProfit: '9.999000', pnlAtStopLoss: '-50.001000' });
    const wrong = ticket({ takeProfit: '99000' });
    expect(wrong?.issue).toBe('takeProfit');
    expect(wrong?.pnlAtTakeProfit).toBeUndefined();
    expect(ticket({ side: 'short', stopLoss: '99000' })).toMatchObject({ issue: 'stopLoss' });
    expect(ticket({ stopLoss: '90000' })).toMatchObject({ issue: 'beyondLiquidation', liquidationForIssue: '90500.09' });
    expect(ticket({ takeProfit: '101000.001' })).toMatchObject({ issue: 'price' });
  });

  it('holds a waiting limit at its limit and judges its stops there', () => {
    // Liquidation: equity at the close price reaches 0.5% of 950 at 85974.95, the feed half a spread above.
    expect(ticket({ limit: '95000', takeProfit: '96000' })).toEqual({ margin: '95.000000', fee: '0.475000', total: '95.475000', liquidation: '85975.05', issue: null, pnlAtTakeProfit: '9.999500', pnlAtStopLoss: undefined });
    expect(ticket({ limit: 'abc' })).toMatchObject({ issue: 'price', margin: '--' });
  });

  it('opens a limit the price already reaches at the feed, needing the hold at the limit available', () => {
    const reached = ticket({ limit: '100100', stopLoss: '100050' });
    // Margin and fee at 100000.05, where it opens; 100.1 + 0.5005 held first; a stop-loss above the feed is on the wrong side.
    expect(reached).toMatchObject({ margin: '100.000050', fee: '0.500001', liquidation: '90500.09', total: '100.600500', issue: 'stopLoss' });
  });
});

describe('live values of a position', () => {
  it('values a position at the live price with core', () => {
    // Closed at 101000.00 (the feed less half the spread): +999.95 × 0.01 BTC.
    expect(livePosition(holding(), '101000.05')).toEqual({ pnl: '9.999500', riskRate: '109.99', liquidation: '90500.09' });
    // No live price yet: the server's figures.
    expect(livePosition(holding(), undefined)).toEqual({ pnl: '-0.001000', riskRate: '99.99', liquidation: '90500.09' });
  });

  it('previews the liquidation price an added margin moves to, as /lever/add_margin answers it', () => {
    expect(liquidationAfterMargin(holding(), '50')).toBe('85500.09');
    for (const amount of ['', '0', '-5', 'abc', '1.0000001']) expect(liquidationAfterMargin(holding(), amount), amount).toBeNull();
  });

  it('computes the account risk rate over every holding position at live prices, entrust holds counted as equity', () => {
    const btc = holding();
    const eth = holding({ id: 2, symbol: 'ETH/USDT', open_price: '3000.00', margin: '30.000000', lots: 100, quantity: '0.1', pnl: '0.000000' });
    const prices: Record<string, string> = { 'BTC/USDT': '101000.05', 'ETH/USDT': '3000.00' };
    // 500 available; frozen 130.000050 of margin + 20 held by entrusts; equity 500 + 20 + (100.000050 + 9.9995) + (30 − 0.005) = 659.994550 over 130.000050.
    expect(liveAccountRisk({ available: '500.000000', frozen: '150.000050' }, [btc, eth], (symbol) => prices[symbol])).toBe('507.68');
    expect(liveAccountRisk({ available: '500.000000', frozen: '0.000000' }, [], () => undefined)).toBeNull();
  });
});

describe('contract notes', () => {
  it('writes rates as percentages in decimal arithmetic', () => {
    expect(ratePercent('0.0007')).toBe('0.07');
    expect(ratePercent('0.0005')).toBe('0.05');
    expect(ratePercent('0.0002')).toBe('0.02');
  });
});
