import { describe, expect, it } from 'vitest';
import type { OptionPeriod, PayableCurrency } from './api.ts';
import { previewTicket } from './preview.ts';

const period: OptionPeriod = { seconds: 30, payout_rate: '80', fee_rate: '0.1', break_even_win_rate: '55.62', stakes: [{ currency_id: 3, currency: 'USDT', min: '10', max: '5000' }] };
const usdt: PayableCurrency = { currency_id: 3, currency: 'USDT', scale: 6, icon: '', available: '1000.000000', frozen: '0.000000' };

describe('the seconds ticket preview', () => {
  it.each([
    { stake: '100', winPayout: '180.000000', profit: '80.000000', fee: '0.100000', problem: null },
    { stake: '9.99', winPayout: '17.982000', profit: '7.992000', fee: '0.009990', problem: 'belowMinimum' },
    { stake: '5000.5', winPayout: '9000.900000', profit: '4000.400000', fee: '5.000500', problem: 'aboveMaximum' },
    // The fee comes on top: 999.5 + 0.9995 is more than the 1000 available.
    { stake: '999.5', winPayout: '1799.100000', profit: '799.600000', fee: '0.999500', problem: 'insufficient' },
    { stake: '998.9', winPayout: '1798.020000', profit: '799.120000', fee: '0.998900', problem: null },
    { stake: 'abc', winPayout: null, profit: null, fee: null, problem: 'invalid' },
    { stake: '1.0000001', winPayout: null, profit: null, fee: null, problem: 'invalid' },
    { stake: '', winPayout: null, profit: null, fee: null, problem: null },
  ])('a stake of "$stake" previews $winPayout, fee $fee ($problem)', ({ stake, winPayout, profit, fee, problem }) => {
    // The break-even win rate counts the fee: (1 + 0.1%) / (1 + 80%).
    expect(previewTicket(period, usdt, stake)).toEqual({ winPayout, profit, fee, breakEven: '55.62', problem });
  });
});
