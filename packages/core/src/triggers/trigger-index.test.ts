import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Trigger, TriggerBook, TriggerIndex } from './trigger-index.ts';

const rise = (id: string, level: number): Trigger<null> => ({ id, level, direction: 'rise', payload: null });
const fall = (id: string, level: number): Trigger<null> => ({ id, level, direction: 'fall', payload: null });
const ids = (triggers: Trigger<unknown>[]) => triggers.map((trigger) => trigger.id);

describe('TriggerIndex', () => {
  it.each([
    { price: 100, fired: [] },
    { price: 105, fired: ['take-profit'] },
    { price: 110, fired: ['take-profit', 'stop-buy'] },
    { price: 95, fired: ['stop-loss'] },
    { price: 80, fired: ['stop-loss', 'liquidation'] },
  ])('at $price fires $fired', ({ price, fired }) => {
    const index = new TriggerIndex<null>();
    index.add(rise('stop-buy', 110));
    index.add(rise('take-profit', 105));
    index.add(fall('stop-loss', 95));
    index.add(fall('liquidation', 80));
    expect(ids(index.takeCrossed(price))).toEqual(fired);
    expect(index.size).toBe(4 - fired.length);
  });

  it('fires each trigger once, nearest first, equal levels in the order added', () => {
    const index = new TriggerIndex<null>();
    index.add(fall('b', 90));
    index.add(fall('a', 95));
    index.add(fall('c', 90));
    expect(ids(index.takeCrossed(90))).toEqual(['a', 'b', 'c']);
    expect(index.takeCrossed(10)).toEqual([]);
  });

  it('forgets removed triggers and replaces one added again under the same id', () => {
    const index = new TriggerIndex<null>();
    index.add(rise('cancelled', 101));
    index.add(rise('moved', 102));
    expect(index.remove('cancelled')).toBe(true);
    expect(index.remove('cancelled')).toBe(false);
    index.add(rise('moved', 150));
    expect(index.takeCrossed(120)).toEqual([]);
    expect(index.nearest()).toEqual({ rise: 150, fall: undefined });
    expect(ids(index.takeCrossed(150))).toEqual(['moved']);
    expect(index.size).toBe(0);
  });

  it('refuses a level that is not a finite number', () => {
    expect(() => new TriggerIndex<null>().add(rise('x', Number.NaN))).toThrow(RangeError);
  });

  it('agrees with a plain scan over any sequence of adds, removes and prices', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 0, max: 40 }), level: fc.integer({ min: 0, max: 50 }), rising: fc.boolean() }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('price' as const), price: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 300 }), (operations) => {
        const index = new TriggerIndex<null>();
        const naive = new Map<string, Trigger<null> & { order: number }>();
        let order = 0;
        for (const op of operations) {
          if (op.kind === 'add') {
            const trigger = (op.rising ? rise : fall)(String(op.id), op.level);
            index.add(trigger);
            naive.set(trigger.id, { ...trigger, order: order++ });
          } else if (op.kind === 'remove') {
            expect(index.remove(String(op.id))).toBe(naive.delete(String(op.id)));
          } else {
            const crossed = [...naive.values()].filter((t) => (t.direction === 'rise' ? op.price >= t.level : op.price <= t.level));
            const expected = [
              ...crossed.filter((t) => t.direction === 'fall').sort((a, b) => b.level - a.level || a.order - b.order),
              ...crossed.filter((t) => t.direction === 'rise').sort((a, b) => a.level - b.level || a.order - b.order),
            ];
            for (const t of crossed) naive.delete(t.id);
            expect(ids(index.takeCrossed(op.price))).toEqual(ids(expected));
          }
          expect(index.size).toBe(naive.size);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('touches nothing on a tick that crosses nothing, however many triggers wait', () => {
    const index = new TriggerIndex<null>();
    for (let i = 0; i < 100_000; i++) index.add(i % 2 ? rise(`r${i}`, 1_000 + i) : fall(`f${i}`, 999 - i));
    expect(index.takeCrossed(999.5)).toEqual([]);
    expect(index.takeCrossed(1_001).length).toBe(1);
    expect(index.size).toBe(99_999);
  });
});

describe('TriggerBook', () => {
  it('keeps one index per instrument', () => {
    const book = new TriggerBook<null>();
    book.for('BTC/USDT').add(rise('a', 10));
    book.for('ETH/USDT').add(rise('b', 10));
    expect(ids(book.takeCrossed('BTC/USDT', 10))).toEqual(['a']);
    expect(book.takeCrossed('XRP/USDT', 10)).toEqual([]);
    expect(book.size).toBe(1);
  });
});
