import { useTranslation } from 'react-i18next';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { currentLocale } from '../../shared/i18n/index.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import type { FeedTick, SecondsOption } from './api.ts';

/** A tick's moment to the millisecond: two ticks a second apart must read apart. */
export function formatTickTime(time: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hour12: false }).format(time);
}

export function TickFact({ tick }: { tick: FeedTick }) {
  return (
    <span className="options-tick">
      <strong>{formatDecimal(tick.price)}</strong>
      <small>
        #{tick.id} · {formatTickTime(tick.time)}
      </small>
    </span>
  );
}

/** The outcome with both feed ticks that decided it: id, time and price. */
export function OptionResult({ option }: { option: SecondsOption }) {
  const { t } = useTranslation('options');
  const settled = option.status !== 'open';
  return (
    <div data-testid="option-result" data-status={option.status}>
      {settled ? (
        <p className={`options-outcome options-outcome--${option.status}`} data-testid="option-outcome">
          {t(`outcome.${option.status}`, { amount: formatSignificant(option.payout ?? '0'), profit: formatSignificant(option.profit ?? '0'), currency: option.currency })}
        </p>
      ) : null}
      <Facts
        facts={[
          { label: t('fields.pair'), value: option.symbol },
          { label: t('fields.direction'), value: <span className={`options-direction options-direction--${option.type}`}>{t(`direction.${option.type}`)}</span> },
          { label: t('fields.stake'), value: `${formatSignificant(option.number)} ${option.currency}` },
          { label: t('fields.fee'), value: `${formatSignificant(option.fee)} ${option.currency}`, testId: 'option-fee' },
          { label: t('fields.period'), value: t('seconds', { count: option.seconds }) },
          { label: t('fields.openTick'), value: <TickFact tick={option.open_tick} />, testId: 'option-open-tick' },
          option.settle_tick ? { label: t('fields.settleTick'), value: <TickFact tick={option.settle_tick} />, testId: 'option-settle-tick' } : null,
          settled ? { label: t('fields.payout'), value: `${formatSignificant(option.payout ?? '0')} ${option.currency}`, strong: true } : { label: t('fields.winPayout'), value: `${formatSignificant(option.win_payout)} ${option.currency}` },
        ]}
      />
    </div>
  );
}
