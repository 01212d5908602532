import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { FeedTick } from './api.ts';

/** The feed ticks a price came from: "BTC/USDT 96,250.00 · tick #1234 · 2026/11/23 10:23:01". USDT itself needs none. */
export function TickFacts({ ticks, testId }: { ticks: FeedTick[]; testId: string }) {
  const { t } = useTranslation('funds');
  if (ticks.length === 0) return null;
  return (
    <ul className="transfers-ticks" data-testid={testId}>
      {ticks.map((tick) => (
        <li key={tick.id} className="transfers-ticks__item" data-testid={`${testId}-item`}>
          {t('ticks.line', { symbol: tick.symbol, price: formatDecimal(tick.price), id: tick.id, time: formatDateTime(tick.time) })}
        </li>
      ))}
    </ul>
  );
}
