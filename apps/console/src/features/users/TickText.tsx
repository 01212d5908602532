import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import type { FeedTickRef } from './api.ts';

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
