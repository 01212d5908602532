import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time.ts';

/** Stocks trade only in their exchange's sessions and the server refuses orders outside them; the ticker says when the market opens next. */
export function MarketClosedBanner({ nextOpen }: { nextOpen: number | null }) {
  const { t } = useTranslation('trade');
  return (
    <NoticeBar
      className="trade-closed"
      color="alert"
      wrap
      content={nextOpen === null ? t('closed.unknownOpen') : t('closed.nextOpen', { time: formatDateTime(nextOpen) })}
      data-testid="trade-market-closed"
    />
  );
}
