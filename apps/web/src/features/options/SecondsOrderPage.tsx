import { Button, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../../shared/time.ts';
import { useNow } from '../../shared/use-now.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type ListedOption, optionPaths, useOptionList } from './api.ts';
import { OptionResult } from './OptionResult.tsx';
import './options.css';

type Tab = 'open' | 'settled';

const COUNTDOWN_STEP_MS = 250;

/** A running option's seconds left on this device's clock; at zero it waits for the settlement event, which moves it to the settled tab. */
function Countdown({ option }: { option: ListedOption }) {
  const { t } = useTranslation('options');
  const now = useNow(COUNTDOWN_STEP_MS);
  const left = Math.max(0, Math.ceil((option.expiresHere - now) / 1000));
  return (
    <p className="options-note" data-testid="option-countdown">
      {left > 0 ? t('active.left', { count: left }) : t('active.settling')} · {t('orders.expiresAt', { time: formatClockTime(option.expires_at) })}
    </p>
  );
}

function OptionCard({ option }: { option: ListedOption }) {
  const { t } = useTranslation('options');
  return (
    <article className="options-card" data-testid={`option-${option.id}`}>
      <header className="options-card__head">
        <span>
          {option.symbol} · {t('seconds', { count: option.seconds })}
        </span>
        <span className={`options-status options-status--${option.status}`}>{t(`status.${option.status}`)}</span>
      </header>
      <OptionResult option={option} />
      {option.status === 'open' ? <Countdown option={option} /> : null}
    </article>
  );
}

function OptionList({ status }: { status: Tab }) {
  const { t } = useTranslation('options');
  const list = useOptionList(status);
  const rows = list.data?.pages.flatMap((page) => page.list) ?? [];
  if (list.isError) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={list.refetch} />;
  if (!list.data) return <Skeleton.Paragraph lineCount={6} animated className="options-skeleton" />;
  if (rows.length === 0) return <ErrorBlock status="empty" title={t(`orders.empty.${status}`)} description="" className="options-empty" />;
  return (
    <div className="options-list" data-testid={`options-list-${status}`}>
      {rows.map((option) => (
        <OptionCard key={option.id} option={option} />
      ))}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('orders.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** The user's seconds options (`pages/transaction/seconds_order`): open ones with a live countdown, settled ones with both ticks. */
export default function SecondsOrderPage() {
  const { t } = useTranslation('options');
  const [tab, setTab] = useState<Tab>('open');
  return (
    <>
      <PageHeader title={t('orders.title')} fallback={optionPaths.screen('BTC/USDT')} />
      <div className="options-page" data-testid="options-orders-page">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="options-tabs">
          <Tabs.Tab key="open" title={t('orders.open')} />
          <Tabs.Tab key="settled" title={t('orders.settled')} />
        </Tabs>
        <OptionList key={tab} status={tab} />
      </div>
    </>
  );
}
