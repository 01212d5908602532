import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import type { FeedTickRef, FuturesOrderRow } from './api.ts';

/** A stored feed tick as support quotes it: its id, price and time, the record a dispute is settled on. */
export function TickText({ tick }: { tick: FeedTickRef | null }) {
  const { t } = useTranslation();
  if (!tick) return '–';
  return (
    <Flex vertical className="nowrap">
      <span>{t('users.tick', { id: tick.id, price: tick.price ?? '–' })}</span>
      <Typography.Text type="secondary">{formatTime(tick.time)}</Typography.Text>
    </Flex>
  );
}

/** A futures order's instrument with its side, lots and multiple, as the futures and copy-trading tabs show it. */
export function FuturesSymbol({ row }: { row: Pick<FuturesOrderRow, 'symbol' | 'side' | 'lots' | 'multiple'> }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <span>{row.symbol}</span>
      <span>
        <Tag color={row.side === 'long' ? 'success' : 'error'}>{t(`users.futuresSides.${row.side}`)}</Tag>
        {t('users.lotsTimes', { lots: row.lots, multiple: row.multiple })}
      </span>
    </Flex>
  );
}
