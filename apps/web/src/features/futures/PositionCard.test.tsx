import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { setStale } from '../../shared/realtime/test-double.ts';
import { session } from '../../shared/session.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { FuturesOrder } from './api.ts';
import { PositionCard } from './PositionCard.tsx';
import { holding } from './test-fixtures.ts';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));


setupPageTests({ signedIn: true });

describe('PositionCard', () => {
  it('greys a holding position’s live P&L, risk rate and price while the ticker feed is lost, and shows them live again when it is back', async () => {
    stubApi();
    renderAt(<PositionCard order={holding({ id: 7 })} feedPrice="96100.00" marketOpen />);
    const card = await screen.findByTestId('futures-order-7');
    expect(card.getAttribute('data-stale')).toBe('false');
    expect(screen.getByTestId('futures-live-pnl').hasAttribute('data-live')).toBe(true);
    expect(screen.getByText('96,100.00').closest('[data-live]')).not.toBeNull();
    setStale(['tickers'], true);
    expect(card.getAttribute('data-stale')).toBe('true');
    setStale(['tickers'], false);
    expect(card.getAttribute('data-stale')).toBe('false');
  });

  it('reads a decimal comma in the TP / SL and margin dialogs (French) and sends a point', async () => {
    session.setLanguage('fra');
    await changeLanguage('fra');
    const { fetchMock } = stubApi({ '/lever/setstop': holding({ id: 7 }), '/lever/add_margin': holding({ id: 7 }), '/lever/deal': { available: '500.000000' } });
    const sent = (path: string) => {
      const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path));
      return call ? new URLSearchParams(String(call[1]?.body)) : null;
    };
    const typeInto = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId).querySelector('input') as HTMLInputElement, { target: { value } });
    renderAt(<PositionCard order={holding({ id: 7 })} feedPrice="96100.00" marketOpen />);
    fireEvent.click(await screen.findByTestId('futures-set-stops'));
    typeInto('futures-stops-tp', '150000,5');
    expect((screen.getByTestId('futures-stops-tp').querySelector('input') as HTMLInputElement).value).toBe('150000,5');
    await act(async () => {
      fireEvent.click(screen.getByText('Enregistrer'));
    });
    await waitFor(() => expect(sent('/lever/setstop')?.get('target_profit_price')).toBe('150000.5'));
    fireEvent.click(await screen.findByTestId('futures-add-margin'));
    typeInto('futures-margin-amount', '10,5');
    await act(async () => {
      fireEvent.click(screen.getByText('Enregistrer'));
    });
    await waitFor(() => expect(sent('/lever/add_margin')?.get('amount')).toBe('10.5'));
    await changeLanguage('zh');
  });

  it('never greys a closed order: its figures are settled, not live', async () => {
    stubApi();
    const closed: FuturesOrder = {
      ...holding({ id: 7 }),
      status: 'closed',
      close: { reason: 'manual', tick: { id: 130, time: 1795440460000, price: '96100.00' }, close_price: '96100.00', pnl: '1.00', fee: '0.96', payout: '96.04', house_absorbed: '0.000000', closed_at: 1795440460000 },
    };
    renderAt(<PositionCard order={closed} feedPrice="96100.00" marketOpen />);
    setStale(['tickers'], true);
    expect((await screen.findByTestId('futures-order-7')).getAttribute('data-stale')).toBe('false');
    setStale(['tickers'], false);
  });
});
