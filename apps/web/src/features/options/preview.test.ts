import { describe, expect, it } from 'vitest';
import type { OptionPeriod, PayableCurrency } from './api.ts';
import { previewTicket } from './preview.ts';

const period: OptionPeriod = { seconds: 30, payout_rate: '80', break_even_win_rate: '55.56', stakes: [{ currency_id: 3, currency: 'USDT', min: '10', max: '5000' }] };
const usdt: PayableCurrency = { currency_id: 3, currency: 'USDT', scale: 6, icon: '', available: '1000.000000', frozen: '0.000000' };

describe('the seconds ticket preview', () => {
  it.each([
    { stake: '100', winPayout: '180.000000', profit: '80.000000', problem: null },
    { stake: '9.99', winPayout: '17.982000', profit: '7.992000', problem: 'belowMinimum' },
    { stake: '5000.5', winPayout: '9000.900000', profit: '4000.400000', problem: 'aboveMaximum' },
    { stake: '1000.01', winPayout: '1800.018000', profit: '800.008000', problem: 'insufficient' },
    { stake: 'abc', winPayout: null, profit: null, problem: 'invalid' },
    { stake: '1.0000001', winPayout: null, profit: null, problem: 'invalid' },
    { stake: '', winPayout: null, profit: null, problem: null },
  ])('a stake of "$stake" previews $winPayout ($problem)', ({ stake, winPayout, profit, problem }) => {
    expect(previewTicket(period, usdt, stake)).toEqual({ winPayout, profit, breakEven: '55.56', problem });
  });
});
