import { describe, expect, it } from 'vitest';
import type { Catalog } from '../platform/catalog.ts';
import { auditChanges } from './audit.ts';

/** Only what auditChanges reads of the catalogue: USDT, scale 6. */
const catalog = { currency: (id: number) => (id === 3 ? { symbol: 'USDT', scale: 6 } : undefined) } as unknown as Catalog;

describe('an audit entry read by an operator', () => {
  it('lists every field of a created record, named in snake_case, amounts in their currency and rates in percent', () => {
    expect(auditChanges(null, { currencyId: 3, amount: 1_234_560_000, shareBps: 1000, createdAt: 1_780_000_000_000 }, 'en', catalog)).toEqual([
      { field: 'currency_id', kind: 'text', before: null, after: '3' },
      { field: 'amount', kind: 'text', before: null, after: '1234.560000 USDT' },
      { field: 'share_bps', kind: 'text', before: null, after: '10 %' },
      { field: 'created_at', kind: 'time', before: null, after: 1_780_000_000_000 },
    ]);
  });

  it('lists only what changed, and leaves a written reason as written', () => {
    expect(auditChanges({ status: 'review', amount: 5, reason: null }, { status: 'rejected', amount: 5, reason: 'Payer is not the holder' }, 'en', catalog)).toEqual([
      { field: 'status', kind: 'text', before: 'review', after: 'rejected' },
      { field: 'reason', kind: 'text', before: null, after: 'Payer is not the holder' },
    ]);
  });

  it('does not list an amount that was only written with more decimals', () => {
    expect(auditChanges({ total_issuance: '5000000.0000', decimals: 4 }, { total_issuance: '5000000.00000', decimals: 5 }, 'en', catalog)).toEqual([{ field: 'decimals', kind: 'text', before: '4', after: '5' }]);
  });

  it("keeps a yes-or-no field a flag, for the console to write in its reader's language", () => {
    expect(auditChanges({ enabled: true, note: 'x' }, { enabled: false, note: 'y' }, 'en', catalog)).toEqual([
      { field: 'enabled', kind: 'flag', before: true, after: false },
      { field: 'note', kind: 'text', before: 'x', after: 'y' },
    ]);
    expect(auditChanges(null, { pinned: true }, 'en', catalog)).toEqual([{ field: 'pinned', kind: 'flag', before: null, after: true }]);
  });

  it('reads a sale window written as _start and _end as moments', () => {
    expect(auditChanges(null, { sale_start: 1_796_011_620_000, sale_end: 1_796_281_200_000 }, 'en', catalog)).toEqual([
      { field: 'sale_start', kind: 'time', before: null, after: 1_796_011_620_000 },
      { field: 'sale_end', kind: 'time', before: null, after: 1_796_281_200_000 },
    ]);
  });

  it('has nothing to list for an entry without records', () => {
    expect(auditChanges(null, null, 'en', catalog)).toEqual([]);
  });
});
