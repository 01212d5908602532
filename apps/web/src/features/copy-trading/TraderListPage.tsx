import { Button, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../shared/session.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { copyPaths, type Trader, type TraderSort, useTraders } from './api.ts';
import { ComputedAt, Money, percentOf, TraderIdentity } from './parts.tsx';
import './copy-trading.css';

const SORTS: TraderSort[] = ['profit', 'accuracy', 'followers'];

function TraderCard({ trader }: { trader: Trader }) {
  const { t } = useTranslation('copy');
  return (
    <Link to={copyPaths.trader(trader.trader_user_id)} className="copy-card copy-card--link" data-testid={`copy-trader-${trader.trader_user_id}`}>
      <header className="copy-card__head">
        <TraderIdentity trader={trader} />
        {trader.following ? <span className="gold-tag">{t('following')}</span> : null}
      </header>
      <div className="copy-card__figures">
        <div>
          <span className="copy-figure__label">{t('stat.totalProfit')}</span>
          <strong className="copy-figure__value">
            <Money value={trader.total_profit} />
          </strong>
        </div>
        <div>
          <span className="copy-figure__label">{t('stat.accuracy')}</span>
          <strong className="copy-figure__value">{percentOf(trader.accuracy)}</strong>
        </div>
      </div>
      <Facts
        facts={[
          { label: t('stat.followers'), value: t('stat.followersOf', { count: trader.follower_count, max: trader.max_followers }) },
          { label: t('stat.slotsLeft'), value: trader.slots_left },
        ]}
      />
    </Link>
  );
}

/** pages/copytrade/copy and pages/follow/index: the traders, by profit, accuracy or followers, a page at a time. */
export default function TraderListPage() {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  const [sort, setSort] = useState<TraderSort>('profit');
  const traders = useTraders(sort);
  const list = traders.data?.pages.flatMap((page) => page.list) ?? [];
  const computedAt = traders.data?.pages[0]?.computed_at;
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="copy-page" data-testid="copy-list-page">
        {token ? (
          <nav className="copy-links">
            <Link to={copyPaths.my} className="copy-link" data-testid="copy-link-my">
              {t('my.title')}
            </Link>
            <Link to={copyPaths.dashboard} className="copy-link" data-testid="copy-link-trader">
              {t('dashboard.title')}
            </Link>
          </nav>
        ) : null}
        <Tabs activeKey={sort} onChange={(key) => setSort(key as TraderSort)} className="copy-tabs">
          {SORTS.map((key) => (
            <Tabs.Tab key={key} title={t(`sort.${key}`)} />
          ))}
        </Tabs>
        {traders.isPending ? <Skeleton.Paragraph lineCount={8} animated className="copy-skeleton" /> : null}
        {traders.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void traders.refetch()} /> : null}
        {traders.data ? <ComputedAt at={computedAt} /> : null}
        {traders.data && list.length === 0 ? <p className="copy-empty">{t('emptyTraders')}</p> : null}
        <div className="copy-list" data-testid="copy-trader-list">
          {list.map((trader) => (
            <TraderCard key={trader.trader_user_id} trader={trader} />
          ))}
        </div>
        {traders.hasNextPage ? (
          <Button block fill="outline" className="copy-more" loading={traders.isFetchingNextPage} onClick={() => void traders.fetchNextPage()}>
            {t('more')}
          </Button>
        ) : null}
        <p className="copy-note">{t('risk')}</p>
      </div>
    </>
  );
}
