import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import { Countdown } from './parts.tsx';

setupPageTests();

describe('Countdown', () => {
  it('keeps a space between the days and the clock ("29 d 23:52:10", not "29 d23:52:10")', async () => {
    await changeLanguage('spa');
    renderAt(<Countdown to={Date.now() + 29 * 86_400_000 + 3 * 3_600_000 + 30_000} />);
    expect((await screen.findByTestId('nft-countdown')).textContent).toMatch(/^29 d \d{2}:\d{2}:\d{2}$/);
  });

  it('shows the clock alone under a day', async () => {
    renderAt(<Countdown to={Date.now() + 3 * 3_600_000 + 30_000} />);
    expect((await screen.findByTestId('nft-countdown')).textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});
