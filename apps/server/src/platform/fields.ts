import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@openbourse/core';
import { z } from 'zod';

/**
 * Zod building blocks for form-encoded input, where every value arrives as a
 * string and an empty string means "not given".
 */

/** "Not given": an empty form field, or null in a JSON body. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function toInteger(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value)) return Number(value);
  return value;
}

export const text = (max: number) => z.string().trim().min(1).max(max);

export const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const integer = () => z.preprocess(toInteger, z.number().int());

export const id = () => z.preprocess(toInteger, z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const optionalId = () => z.preprocess(blankToUndefined, id().optional());

/** An integer that must be one of `values`; the OpenAPI description lists them as its enum. */
export const oneOf = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.preprocess(toInteger, z.number().int().refine((value) => values.includes(value), { message: 'validation.outOfRange' })).meta({ enum: [...values] });

export const language = () => z.string().max(8).optional();

export const pagination = {
  page: z.preprocess(blankToUndefined, z.preprocess(toInteger, z.number().int().min(1).max(100_000)).default(1)),
  limit: z.preprocess(blankToUndefined, z.preprocess(toInteger, z.number().int().min(1)).default(PAGE_LIMIT_DEFAULT)),
  lang: language(),
};

export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

/** Caps the page size instead of refusing a large one, so old clients asking for 1000 still work. */
export function pageWindow(page: number, limit: number): { page: number; limit: number; offset: number } {
  const capped = Math.min(limit, PAGE_LIMIT_MAX);
  return { page, limit: capped, offset: (page - 1) * capped };
}

export function toPage<T>(list: T[], window: { page: number; limit: number }, total: number): Page<T> {
  return { list, page: window.page, limit: window.limit, total, has_more: window.page * window.limit < total };
}
