import { describe, expect, it } from 'vitest';
import { cumulativeDepth, groupingSteps, groupLevels } from './book-grouping.ts';

describe('order book grouping', () => {
  it('offers multiples of the tick size', () => {
    expect(groupingSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
  });

  it.each([
    {
      side: 'bid' as const,
      levels: [['100.07', '1'], ['100.03', '2'], ['99.98', '0.5']] as [string, string][],
      step: '0.1',
      expected: [['100.0', '3'], ['99.9', '0.5']],
    },
    {
      side: 'ask' as const,
      levels: [['100.01', '1'], ['100.09', '2'], ['100.11', '0.25']] as [string, string][],
      step: '0.1',
      expected: [['100.1', '3'], ['100.2', '0.25']],
    },
    { side: 'bid' as const, levels: [['105.5', '1'], ['101', '1'], ['99', '4']] as [string, string][], step: '10', expected: [['100', '2'], ['90', '4']] },
  ])('merges $side levels into buckets of $step', ({ side, levels, step, expected }) => {
    expect(groupLevels(levels, step, side)).toEqual(expected);
  });

  it('adds depth up from the best price', () => {
    expect(cumulativeDepth([['10', '1'], ['9', '2.5']])).toEqual([
      { price: 10, cumulative: 1 },
      { price: 9, cumulative: 3.5 },
    ]);
  });
});

