import { describe, expect, it } from 'vitest';
import { movingAverageCrossover } from './demo-rule.ts';

const flat = (count: number, price: number) => Array.from({ length: count }, () => price);

describe('movingAverageCrossover (5/20)', () => {
  it.each([
    { name: 'too few prices', prices: flat(20, 100), expected: null },
    { name: 'flat', prices: flat(21, 100), expected: null },
    { name: 'a jump up crosses up', prices: [...flat(20, 100), 110], expected: 'up' },
    { name: 'a drop crosses down', prices: [...flat(20, 100), 90], expected: 'down' },
    { name: 'already above stays quiet', prices: [...flat(15, 100), ...flat(5, 110), 111], expected: null },
    { name: 'falling back through crosses down', prices: [...flat(15, 100), 101, 101, 101, 101, 101, 80], expected: 'down' },
  ] as const)('$name → $expected', ({ prices, expected }) => {
    expect(movingAverageCrossover(prices)).toBe(expected);
  });

  it('refuses a fast period not shorter than the slow one', () => {
    expect(() => movingAverageCrossover(flat(30, 1), 20, 5)).toThrow(RangeError);
  });
});
