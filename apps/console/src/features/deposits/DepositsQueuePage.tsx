import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { trimZeros } from '../../shared/format.ts';
import { QueueLayout, submitterColumn } from '../../shared/QueueLayout.tsx';
import { DepositDetail, type DepositListItem } from './DepositDetail.tsx';

/** Voucher deposits: waiting ones first, credited and rejected a click away. */
export default function DepositsQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<DepositListItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    submitterColumn<DepositListItem>(t),
    { title: t('funds.amount'), dataIndex: 'amount', className: 'nowrap', render: (amount: string, row) => `${trimZeros(amount)} ${row.currency}` },
  ];
  return (
    <QueueLayout<DepositListItem>
      queueKey="deposits"
      title={t('queues.deposits.title')}
      statuses={[
        { value: 'review', label: t('deposits.status.review') },
        { value: 'credited', label: t('deposits.status.credited') },
        { value: 'rejected', label: t('deposits.status.rejected') },
      ]}
      columns={columns}
      renderDetail={(id, onDecided) => <DepositDetail key={id} id={id} onDecided={onDecided} />}
    />
  );
}
