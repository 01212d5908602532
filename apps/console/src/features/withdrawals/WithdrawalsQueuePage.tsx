import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { trimZeros } from '../../shared/format.ts';
import { QueueLayout, submitterColumn } from '../../shared/QueueLayout.tsx';
import { WithdrawalDetail, type WithdrawalListItem } from './WithdrawalDetail.tsx';

/** Withdrawals waiting for payout first; paid and rejected ones a click away. */
export default function WithdrawalsQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<WithdrawalListItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    submitterColumn<WithdrawalListItem>(t),
    { title: t('funds.amount'), dataIndex: 'amount', className: 'nowrap', render: (amount: string, row) => `${trimZeros(amount)} ${row.currency}` },
  ];
  return (
    <QueueLayout<WithdrawalListItem>
      queueKey="withdrawals"
      title={t('queues.withdrawals.title')}
      statuses={[
        { value: 'review', label: t('withdrawals.status.review') },
        { value: 'paid', label: t('withdrawals.status.paid') },
        { value: 'rejected', label: t('withdrawals.status.rejected') },
      ]}
      columns={columns}
      renderDetail={(id, onDecided) => <WithdrawalDetail key={id} id={id} onDecided={onDecided} />}
    />
  );
}
