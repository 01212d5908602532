import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { activeFollow, copyPaths, type TraderDetail, type TraderTrade, useTraderDetail, useTraderTrades } from './api.ts';
import { ComputedAt, Money, percentOf, ProfitCurve, TraderIdentity } from './parts.tsx';
import './copy-trading.css';

function StatsGrid({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation('copy');
  const tiles: [string, React.ReactNode][] = [
    [t('stat.followers'), t('stat.followersOf', { count: trader.follower_count, max: trader.max_followers })],
    [t('stat.slotsLeft'), trader.slots_left],
    [t('stat.accuracy'), percentOf(trader.accuracy)],
    [t('stat.totalProfit'), <Money key="profit" value={trader.total_profit} />],
    [t('stat.profitableOrders'), `${trader.profitable_orders} / ${trader.closed_orders}`],
    [t('stat.followAmount'), formatSignificant(trader.follow_amount)],
    [t('stat.followerEarnings'), <Money key="earnings" value={trader.follower_earnings} />],
    [t('stat.shareRateLabel'), percentOf(trader.share_rate)],
  ];
  return (
    <div className="copy-stats" data-testid="copy-stats">
      {tiles.map(([label, value]) => (
        <div key={label} className="copy-stat">
          <span className="copy-figure__label">{label}</span>
          <strong className="copy-stat__value">{value}</strong>
        </div>
      ))}
    </div>
  );
}

function TradeRow({ trade }: { trade: TraderTrade }) {
  const { t } = useTranslation('copy');
  return (
    <article className="copy-card" data-testid={`copy-trade-${trade.id}`}>
      <header className="copy-card__head">
        <span className={`copy-side copy-side--${trade.side}`}>{t(`side.${trade.side}`)}</span>
        <strong>{trade.symbol}</strong>
        <span className="copy-card__meta">{t('lotsTimes', { lots: trade.lots, multiple: trade.multiple })}</span>
      </header>
      <Facts
        facts={[
          { label: t('field.profit'), value: <Money value={trade.profit} />, strong: true },
          { label: t('field.openTick'), value: t('field.tickValue', { id: trade.open_tick_id, price: formatDecimal(trade.open_price), time: formatDateTime(trade.opened_at) }), testId: 'copy-open-tick' },
          { label: t('field.closeTick'), value: t('field.tickValue', { id: trade.close_tick_id, price: formatDecimal(trade.close_price), time: formatDateTime(trade.closed_at) }), testId: 'copy-close-tick' },
          { label: t('field.closeReason'), value: t(`reason.${trade.close_reason}`, { defaultValue: trade.close_reason }) },
        ]}
      />
    </article>
  );
}

function FollowBar({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  const navigate = useNavigate();
  const following = activeFollow(trader.my_follow) !== null;
  const full = trader.slots_left <= 0 && !following;
  const go = () => navigate(token ? copyPaths.follow(trader.trader_user_id) : `${ROUTES.login}?redirect=${encodeURIComponent(copyPaths.trader(trader.trader_user_id))}`);
  return (
    <div className="copy-bar">
      {following ? (
        <span className="copy-bar__note" data-testid="copy-my-follow">
          {t(`followType.${trader.my_follow?.type}`, { number: trader.my_follow?.number })}
        </span>
      ) : null}
      <Button block color="primary" disabled={full} onClick={go} data-testid="copy-follow-button">
        {full ? t('full') : following ? t('action.editFollow') : t('action.follow')}
      </Button>
    </div>
  );
}

/** pages/follow/trader?trader_user_id=: a trader's figures, rule, 30-day curve, open positions and closed trades with their ticks. */
export default function TraderProfilePage() {
  const { t } = useTranslation('copy');
  const [params] = useSearchParams();
  const traderUserId = Number(params.get('trader_user_id')) || 0;
  const detail = useTraderDetail(traderUserId);
  const trades = useTraderTrades(traderUserId);
  const trader = detail.data;
  const tradeList = trades.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <PageHeader title={trader?.nickname ?? t('profile.title')} fallback={copyPaths.list} />
      <div className="copy-page copy-page--with-bar" data-testid="copy-profile-page">
        {traderUserId === 0 ? (
          <p className="copy-empty" data-testid="copy-not-found">
            {t('profile.notFound')}
          </p>
        ) : null}
        {traderUserId > 0 && detail.isPending ? <Skeleton.Paragraph lineCount={10} animated className="copy-skeleton" /> : null}
        {detail.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void detail.refetch()} error={detail.error} /> : null}
        {trader ? (
          <>
            <Section testId="copy-profile">
              <TraderIdentity trader={trader} size={56} />
              {trader.introduction ? <p className="copy-text">{trader.introduction}</p> : null}
              <StatsGrid trader={trader} />
              <ComputedAt at={trader.computed_at} />
            </Section>
            <Section title={t('profile.strategy')} testId="copy-strategy">
              <p className="copy-text">{trader.strategy || t('profile.noStrategy')}</p>
            </Section>
            <Section title={t('curve.title')}>
              <ProfitCurve days={trader.curve} />
            </Section>
            <Section title={t('profile.openPositions')} testId="copy-open-positions">
              {trader.open_positions.length === 0 ? <p className="copy-empty">{t('profile.noOpen')}</p> : null}
              {trader.open_positions.map((position) => (
                <div key={`${position.symbol}-${position.open_tick_id}-${position.side}`} className="copy-row">
                  <span className={`copy-side copy-side--${position.side}`}>{t(`side.${position.side}`)}</span>
                  <strong>{position.symbol}</strong>
                  <span className="copy-card__meta">{t('lotsTimes', { lots: position.lots, multiple: position.multiple })}</span>
                  <span className="copy-row__end">{t('field.tickShort', { id: position.open_tick_id, price: formatDecimal(position.open_price) })}</span>
                </div>
              ))}
            </Section>
            <Section title={t('profile.history')} testId="copy-history-trades">
              {trades.data && tradeList.length === 0 ? <p className="copy-empty">{t('profile.noHistory')}</p> : null}
              {tradeList.map((trade) => (
                <TradeRow key={trade.id} trade={trade} />
              ))}
              {trades.hasNextPage ? (
                <Button block fill="outline" className="copy-more" loading={trades.isFetchingNextPage} onClick={() => void trades.fetchNextPage()}>
                  {t('more')}
                </Button>
              ) : null}
            </Section>
            <FollowBar trader={trader} />
          </>
        ) : null}
      </div>
    </>
  );
}
