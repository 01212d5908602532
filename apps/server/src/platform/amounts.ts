import { type MinorUnits, parseDecimal, toMinor } from '@openbourse/core';
import { z } from 'zod';
import type { CurrencyInfo } from './catalog.ts';
import { AppError } from './errors.ts';

/** A decimal amount or price as a form sends it: a string (a number is taken as its text). */
export const decimalText = () => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));

/**
 * An amount a user typed, in the currency's minor units: a plain positive
 * decimal with no more decimals than the currency has. Too many decimals is
 * refused, never rounded, so nobody moves a different amount than they typed;
 * an amount beyond what can be held answers "the amount is too large" (core's
 * range error, mapped in http.ts).
 */
export function parseUserAmount(text: string, currency: Pick<CurrencyInfo, 'scale' | 'symbol'>): MinorUnits {
  const value = parseDecimal(text);
  if (!value?.greaterThan(0)) throw new AppError('validation.amount');
  if (value.decimalPlaces() > currency.scale) throw new AppError('errors.tooManyDecimals', { currency: currency.symbol, decimals: currency.scale });
  return toMinor(value, currency.scale);
}
