import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import ArtworkDetailPage from './ArtworkDetailPage.tsx';

setupPageTests({ signedIn: true });

describe('an artwork page', () => {
  it('opened without an id says there is nothing to show, instead of loading forever, and asks nothing', async () => {
    const { calledPaths } = stubApi({});
    renderAt(<ArtworkDetailPage />, '/pages/nft/artworkDetail');
    await screen.findByTestId('missing-item');
    expect(calledPaths()).not.toContain('/api/bind_box/getBoxDetail');
  });
});
