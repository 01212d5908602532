import { InfiniteScroll, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type DepositRecord, useDepositRecords, useWithdrawRecords, type WithdrawalRecord } from './api.ts';
import { Fact, StatusTag } from './components.tsx';
import './funds.css';

/** Deposits (chain ones with their confirmations, vouchers with their review) and withdrawals, newest first. */
export default function RecordsPage() {
  const { t } = useTranslation('funds');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  return (
    <div className="funds-page">
      <PageHeader title={t('records.title')} fallback="/pages/fund/assets" />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="funds-tabs">
        <Tabs.Tab title={t('records.deposits')} key="deposit" />
        <Tabs.Tab title={t('records.withdrawals')} key="withdraw" />
      </Tabs>
      {tab === 'deposit' ? <DepositList /> : <WithdrawalList />}
    </div>
  );
}

function Shortened({ value }: { value: string }) {
  return <span className="funds-mono">{value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value}</span>;
}

function DepositList() {
  const { t } = useTranslation('funds');
  const records = useDepositRecords();
  if (records.isError) return <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => records.refetch()} />;
  if (records.isPending) return <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />;
  const list = records.data.pages.flatMap((page) => page.list);
  return (
    <div className="funds-records" data-testid="deposit-records">
      {list.map((record) => (
        <DepositItem key={record.id} record={record} />
      ))}
      {list.length === 0 ? <div className="funds-empty muted">{t('records.noDeposits')}</div> : null}
      {list.length > 0 ? <InfiniteScroll loadMore={async () => void (await records.fetchNextPage())} hasMore={records.hasNextPage} /> : null}
    </div>
  );
}

function DepositItem({ record }: { record: DepositRecord }) {
  const { t } = useTranslation('funds');
  return (
    <article className="funds-record" data-testid={`deposit-record-${record.id}`}>
      <header className="funds-record__head">
        <img className="funds-coin-icon" src={record.icon} alt="" width={24} height={24} />
        <span className="funds-record__amount">{`${formatSignificant(record.amount)} ${record.currency}`}</span>
        <StatusTag status={record.status} kind="deposit" />
      </header>
      <Fact label={t('records.kind')}>{record.route === 'chain' ? (record.network ?? record.chain) : t('records.voucher')}</Fact>
      {record.route === 'chain' ? (
        <Fact label={t('records.confirmations')} testId="record-confirmations">
          {`${record.confirmations}/${record.required_confirmations}`}
        </Fact>
      ) : null}
      {record.txid ? (
        <Fact label={t('records.txid')} testId="record-txid">
          {record.explorer_url ? (
            <a href={record.explorer_url} target="_blank" rel="noreferrer" className="funds-record__link">
              <Shortened value={record.txid} />
            </a>
          ) : (
            <Shortened value={record.txid} />
          )}
        </Fact>
      ) : null}
      {record.status === 'below_minimum' ? <div className="funds-record__reason">{t('records.belowMinimum')}</div> : null}
      {record.reason ? <div className="funds-record__reason" data-testid="record-reason">{t('records.reason', { reason: record.reason })}</div> : null}
      <Fact label={t('records.time')}>{formatDateTime(record.created_at)}</Fact>
    </article>
  );
}

function WithdrawalList() {
  const { t } = useTranslation('funds');
  const records = useWithdrawRecords();
  if (records.isError) return <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => records.refetch()} />;
  if (records.isPending) return <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />;
  const list = records.data.pages.flatMap((page) => page.list);
  return (
    <div className="funds-records" data-testid="withdraw-records">
      {list.map((record) => (
        <WithdrawalItem key={record.id} record={record} />
      ))}
      {list.length === 0 ? <div className="funds-empty muted">{t('records.noWithdrawals')}</div> : null}
      {list.length > 0 ? <InfiniteScroll loadMore={async () => void (await records.fetchNextPage())} hasMore={records.hasNextPage} /> : null}
    </div>
  );
}

function WithdrawalItem({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation('funds');
  return (
    <article className="funds-record" data-testid={`withdraw-record-${record.id}`}>
      <header className="funds-record__head">
        <img className="funds-coin-icon" src={record.icon} alt="" width={24} height={24} />
        <span className="funds-record__amount">{`${formatSignificant(record.amount)} ${record.currency}`}</span>
        <StatusTag status={record.status} kind="withdrawal" />
      </header>
      <Fact label={t('records.kind')}>{record.route === 'address' ? (record.network ?? record.chain) : t(`withdraw.tabs.${record.route}`)}</Fact>
      <Fact label={t('records.destination')}>
        <Shortened value={record.destination} />
      </Fact>
      {record.memo ? <Fact label={t('receive.tag')}>{record.memo}</Fact> : null}
      <Fact label={t('withdraw.fee')}>{`${formatSignificant(record.fee)} ${record.currency}`}</Fact>
      {record.tx_ref ? (
        <Fact label={t('records.txRef')} testId="record-tx-ref">
          {record.explorer_url ? (
            <a href={record.explorer_url} target="_blank" rel="noreferrer" className="funds-record__link">
              <Shortened value={record.tx_ref} />
            </a>
          ) : (
            <Shortened value={record.tx_ref} />
          )}
        </Fact>
      ) : null}
      {record.reason ? <div className="funds-record__reason" data-testid="record-reason">{t('records.reason', { reason: record.reason })}</div> : null}
      <Fact label={t('records.time')}>{formatDateTime(record.created_at)}</Fact>
    </article>
  );
}
