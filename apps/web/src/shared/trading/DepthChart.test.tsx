import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests } from '../test-utils.tsx';
import { DepthChart } from './DepthChart.tsx';

setupPageTests();

describe('DepthChart', () => {
  it('draws both sides of the book, bids from the left edge and asks to the right one', async () => {
    renderAt(
      <DepthChart
        bids={[
          ['99990.00', '1.0000'],
          ['99980.00', '2.0000'],
        ]}
        asks={[
          ['100010.00', '0.5000'],
          ['100020.00', '1.5000'],
        ]}
      />,
    );
    const figure = await screen.findByTestId('trade-depth');
    const [bids, asks] = [...figure.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
    expect(bids).toMatch(/^M\d/);
    expect(asks).toMatch(/^M\d/);
    expect(bids).not.toContain('NaN');
    expect(figure.textContent).toContain('99,980.00');
    expect(figure.textContent).toContain('100,020.00');
  });
});
