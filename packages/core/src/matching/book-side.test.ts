import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookSide } from './book-side.ts';

describe('BookSide', () => {
  it.each([
    [true, 'bids'],
    [false, 'asks'],
  ])('keeps levels ordered worst → best and unique per price (%s: %s)', (isBid) => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), price: fc.integer({ min: 1, max: 300 }) }), {
          maxLength: 400,
          size: 'max',
        }),
        (operations) => {
          const side = new BookSide(isBid);
          const model = new Set<number>();
          for (const { add, price } of operations) {
            if (add) {
              const level = side.levelFor(price);
              expect(level.priceTicks).toBe(price);
              expect(side.levelFor(price)).toBe(level);
              model.add(price);
            } else if (model.has(price)) {
              side.removeLevel(side.levelFor(price));
              model.delete(price);
            }
            const expected = [...model].sort((a, b) => (isBid ? a - b : b - a));
            expect(side.levels.map((level) => level.priceTicks)).toEqual(expected);
            expect(side.best()?.priceTicks).toBe(expected.at(-1));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
