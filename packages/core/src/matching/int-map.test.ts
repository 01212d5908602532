import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntMap } from './int-map.ts';

type Operation = { op: 'set'; key: number; value: number } | { op: 'delete'; key: number } | { op: 'get'; key: number };

/** Small key ranges force long probe runs and wrap-around; large ones exercise the high-bit fold. */
const keyArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 64 }),
  fc.integer({ min: 1, max: 5_000 }),
  fc.integer({ min: 2 ** 32 - 8, max: 2 ** 32 + 8 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
);

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key: keyArbitrary, value: fc.integer() }),
  fc.record({ op: fc.constant('delete' as const), key: keyArbitrary }),
  fc.record({ op: fc.constant('get' as const), key: keyArbitrary }),
);

describe('IntMap', () => {
  it('behaves like Map under any sequence of set/delete/get, across resizes', () => {
    fc.assert(
      fc.property(fc.array(operationArbitrary, { maxLength: 3_000, size: 'max' }), (operations) => {
        const map = new IntMap<number>();
        const model = new Map<number, number>();
        for (const operation of operations) {
          if (operation.op === 'set') {
            map.set(operation.key, operation.value);
            model.set(operation.key, operation.value);
          } else if (operation.op === 'delete') {
            expect(map.delete(operation.key)).toBe(model.delete(operation.key));
          } else {
            expect(map.get(operation.key)).toBe(model.get(operation.key));
          }
          expect(map.size).toBe(model.size);
        }
        for (const [key, value] of model) expect(map.get(key)).toBe(value);
      }),
      { numRuns: 60 },
    );
  });

  it('finds keys after deleting from the middle of long probe runs', () => {
    const map = new IntMap<string>();
    for (let key = 1; key <= 20_000; key++) map.set(key, `v${key}`);
    for (let key = 1; key <= 20_000; key += 3) expect(map.delete(key)).toBe(true);
    for (let key = 1; key <= 20_000; key++) expect(map.get(key)).toBe(key % 3 === 1 ? undefined : `v${key}`);
    expect(map.size).toBe(20_000 - 6_667);
  });

  it('answers lookups of keys it can never hold', () => {
    const map = new IntMap<string>();
    map.set(1, 'one');
    for (const key of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(map.get(key)).toBeUndefined();
      expect(map.has(key)).toBe(false);
      expect(map.delete(key)).toBe(false);
    }
  });
});
