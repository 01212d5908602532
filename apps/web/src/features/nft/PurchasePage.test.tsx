import { blindBoxOrder, commitmentOf } from '@openbourse/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { BlindSeries } from './api.ts';
import PurchasePage from './PurchasePage.tsx';

setupPageTests({ signedIn: true });

const SEED = 'a3'.repeat(32);
const ARTWORKS = [41, 17, 29, 8].map((id) => ({ id, title: `Work ${id}`, rarity: 'common', cover: '/x.png', type: 'image' as const }));

/** A sold-out series whose seed is revealed, with its first three boxes opened as the seed's order says. */
function revealedSeries(changes: Partial<BlindSeries> = {}): BlindSeries {
  const order = blindBoxOrder(
    SEED,
    ARTWORKS.map((artwork) => artwork.id),
  );
  return {
    id: 1,
    code: 'OBB09',
    title: 'Sound capsules',
    cover: '/cover.png',
    price: '25.000000',
    currency: 'USDT',
    start_time: 0,
    end_time: 0,
    total: 4,
    sold: 4,
    state: 'sold',
    possible: ARTWORKS,
    odds: [{ rarity: 'common', count: 4, percent: '100' }],
    commitment: commitmentOf(SEED),
    seed: SEED,
    opened: order.slice(0, 3).map((artworkId, index) => ({ box_number: index + 1, code: `OBB09-000${index + 1}`, artwork_id: artworkId })),
    resales: [],
    ...changes,
  };
}

describe('a revealed blind-box series', () => {
  it('is checked in the browser: the seed against the commitment and every opened box against the order, with the recipe to check it elsewhere', async () => {
    const series = revealedSeries();
    stubApi({ '/bind_box/getBlindBoxList': [series] });
    renderAt(<PurchasePage />, '/pages/nft/purchase');
    const proof = await screen.findByTestId('nft-series-proof');
    expect(proof.dataset.valid).toBe('true');
    expect(proof.textContent).toContain('✓');
    const first = series.opened[0] as BlindSeries['opened'][number];
    expect(within(screen.getByTestId('nft-opened-1')).getByText(`Work ${first.artwork_id}`)).toBeTruthy();
    expect(screen.getByText(/nft\.blind-box\.order:i/)).toBeTruthy();
  });

  it('says so when a box does not hold what the order gives', async () => {
    const series = revealedSeries();
    const [first, second, ...rest] = series.opened;
    // Boxes 1 and 2 swapped: each holds an artwork of the series, not the one its place gives.
    const swapped = [{ ...first, artwork_id: second?.artwork_id }, { ...second, artwork_id: first?.artwork_id }, ...rest] as BlindSeries['opened'];
    stubApi({ '/bind_box/getBlindBoxList': [{ ...series, opened: swapped }] });
    renderAt(<PurchasePage />, '/pages/nft/purchase');
    const proof = await screen.findByTestId('nft-series-proof');
    expect(proof.dataset.valid).toBe('false');
    expect(proof.textContent).toContain('✗');
  });

  it('says so when the seed does not match the commitment', async () => {
    stubApi({ '/bind_box/getBlindBoxList': [revealedSeries({ seed: 'b4'.repeat(32) })] });
    renderAt(<PurchasePage />, '/pages/nft/purchase');
    expect((await screen.findByTestId('nft-series-proof')).dataset.valid).toBe('false');
  });
});

describe("a series' boxes resold by their owners", () => {
  it('lists them with their price, a way to buy another owner’s, and the reader’s own marked as theirs', async () => {
    const resales = [
      { code: 'OBB09-0004', box_number: 4, price: '30.000000', currency: 'USDT', end_time: 1795440451965, mine: false },
      { code: 'OBB09-0002', box_number: 2, price: '40.000000', currency: 'USDT', end_time: 1795440451965, mine: true },
    ];
    stubApi({ '/bind_box/getBlindBoxList': [revealedSeries({ seed: null, opened: [], resales })] });
    renderAt(<PurchasePage />, '/pages/nft/purchase');
    const other = await screen.findByTestId('nft-box-resale-OBB09-0004');
    expect(within(other).getByRole('button').textContent).toContain('30.00');
    const own = screen.getByTestId('nft-box-resale-OBB09-0002');
    expect(within(own).queryByRole('button')).toBeNull();
    expect(own.textContent).toContain('您的挂单');
  });
});
