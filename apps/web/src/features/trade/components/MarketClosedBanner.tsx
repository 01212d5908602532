import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/index.ts';

function localOpeningTime(opensAt: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(opensAt);
}

/** Stocks trade only in their exchange's sessions and the server refuses orders outside them; the ticker says when the market opens next. */
export function MarketClosedBanner({ nextOpen }: { nextOpen: number | null }) {
  const { t } = useTranslation('trade');
  return (
    <NoticeBar
      className="trade-closed"
      color="alert"
      wrap
      content={nextOpen === null ? t('closed.unknownOpen') : t('closed.nextOpen', { time: localOpeningTime(nextOpen) })}
      data-testid="trade-market-closed"
    />
  );
}
