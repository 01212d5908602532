import type { TFunction } from 'i18next';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useQuotes } from '../../shared/market/quotes.ts';
import { useLiveStale } from '../../shared/realtime/index.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { activeFollow, type CopiedPosition, copyPaths, type Follow, type MyCopies, type SkippedCopy, useCancelFollow, useMyCopies, useOlderCopies, useSelfHold } from './api.ts';
import { Money } from './parts.tsx';
import { livePnl } from './preview.ts';
import './copy-trading.css';
import { confirmOnce } from '../../shared/ui/confirm.ts';

function FollowCard({ follow }: { follow: Follow }) {
  const { t } = useTranslation('copy');
  const cancel = useCancelFollow();
  const following = activeFollow(follow) !== null;
  const confirmCancel = () => {
    void confirmOnce({
      content: t('my.confirmCancel', { nickname: follow.trader_nickname }),
      confirmText: t('action.cancelFollow'),
      cancelText: t('action.cancel'),
      onConfirm: async () => {
        try {
          await cancel.mutateAsync(follow.trader_user_id);
          toast(t('my.cancelled'));
        } catch {
          // The request layer has shown why.
        }
      },
    });
  };
  return (
    <article className="copy-card" data-testid={`copy-follow-${follow.trader_user_id}`} data-status={follow.status}>
      <header className="copy-card__head">
        <Link to={copyPaths.trader(follow.trader_user_id)} className="copy-inline-link">
          <strong>{follow.trader_nickname}</strong>
        </Link>
        <span className={`gold-tag ${following ? '' : 'gold-tag--muted'}`}>{t(`my.status.${follow.status}`)}</span>
        <span className="copy-row__end">{t(`followType.${follow.type}`, { number: follow.number })}</span>
      </header>
      {follow.history && follow.history.length > 0 ? (
        <ul className="copy-history">
          {follow.history.map((entry) => (
            <li key={`${entry.action}-${entry.at}`}>
              {t(`my.historyAction.${entry.action}`)} · {t(`followType.${entry.type}`, { number: entry.number })} · {formatDateTime(entry.at)}
            </li>
          ))}
        </ul>
      ) : null}
      {following ? (
        <div className="copy-actions">
          <Link to={copyPaths.follow(follow.trader_user_id)} className="copy-link">
            {t('action.editFollow')}
          </Link>
          <Button fill="outline" color="danger" loading={cancel.isPending} onClick={confirmCancel} data-testid="copy-cancel-follow">
            {t('action.cancelFollow')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function CurrentCopy({ position, feedPrice: liveFeedPrice }: { position: CopiedPosition; feedPrice: string | undefined }) {
  const { t } = useTranslation('copy');
  // Until the quotes stream answers, the price the server valued the position at.
  const feedPrice = liveFeedPrice ?? position.feed_price ?? undefined;
  const selfHold = useSelfHold();
  const pnl = livePnl(position, feedPrice);
  // The P&L follows the live price: greyed while the connection cannot vouch for it.
  const stale = useLiveStale('tickers');
  const confirmSelfHold = () => {
    void confirmOnce({
      content: t('my.confirmSelfHold', { nickname: position.trader_nickname }),
      confirmText: t('action.selfHold'),
      cancelText: t('action.cancel'),
      onConfirm: async () => {
        try {
          await selfHold.mutateAsync(position.id);
          toast(t('my.selfHeldDone'));
        } catch {
          // The request layer has shown why.
        }
      },
    });
  };
  return (
    <article className="copy-card" data-testid={`copy-position-${position.id}`} data-linked={String(position.linked)} data-stale={stale}>
      <header className="copy-card__head">
        <span className={`copy-side copy-side--${position.side}`}>{t(`side.${position.side}`)}</span>
        <strong>{position.symbol}</strong>
        <span className="copy-card__meta">{t('lotsTimes', { lots: position.lots, multiple: position.multiple })}</span>
        <span className={`gold-tag ${position.linked ? '' : 'gold-tag--muted'}`} data-testid="copy-position-link">
          {position.linked ? t('my.linked', { nickname: position.trader_nickname }) : t('my.selfHeld')}
        </span>
      </header>
      <Facts
        facts={[
          { label: t('field.pnl'), value: pnl === null ? '--' : <span data-live><Money value={pnl} /></span>, strong: true, testId: 'copy-live-pnl' },
          { label: t('field.openPrice'), value: position.open_price ? formatDecimal(position.open_price) : '--' },
          { label: t('field.openTick'), value: position.open_tick_id === null ? '--' : `#${position.open_tick_id}`, testId: 'copy-position-open-tick' },
          { label: t('field.currentPrice'), value: feedPrice ? <span data-live-price>{formatDecimal(feedPrice)}</span> : '--' },
          { label: t('field.margin'), value: formatSignificant(position.margin) },
        ]}
      />
      <div className="copy-actions">
        <Link to={copyPaths.futuresOrders} className="copy-link">
          {t('my.manage')}
        </Link>
        {position.linked ? (
          <Button fill="outline" loading={selfHold.isPending} onClick={confirmSelfHold} data-testid="copy-self-hold">
            {t('action.selfHold')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** The reasons a linked copy closes with when its trader closed: the trader's own, said as theirs ("Closed by the trader", not "Closed by hand"). */
const TRADER_REASONS = new Set(['manual', 'batch', 'take_profit', 'stop_loss']);

function closeReasonText(t: TFunction<'copy'>, linked: boolean, reason: string): string {
  return linked && TRADER_REASONS.has(reason) ? t(`traderReason.${reason}`) : t(`reason.${reason}`, { defaultValue: reason });
}

function PastCopy({ position }: { position: CopiedPosition }) {
  const { t } = useTranslation('copy');
  const close = position.close;
  return (
    <article className="copy-card" data-testid={`copy-past-${position.id}`}>
      <header className="copy-card__head">
        <span className={`copy-side copy-side--${position.side}`}>{t(`side.${position.side}`)}</span>
        <strong>{position.symbol}</strong>
        <span className="copy-card__meta">{t('lotsTimes', { lots: position.lots, multiple: position.multiple })}</span>
        <span className="copy-row__end">{position.trader_nickname}</span>
      </header>
      {close ? (
        <Facts
          facts={[
            { label: t('field.profit'), value: <Money value={close.pnl} />, strong: true },
            { label: t('field.profitShare'), value: formatSignificant(position.profit_share) },
            { label: t('field.closeReason'), value: closeReasonText(t, position.linked, close.reason), testId: `copy-past-reason-${position.id}` },
            {
              label: t('field.closeTick'),
              value: close.tick ? t('field.tickValue', { id: close.tick.id, price: formatDecimal(close.tick.price), time: formatDateTime(close.tick.time) }) : formatDecimal(close.close_price),
            },
          ]}
        />
      ) : null}
    </article>
  );
}

function SkippedRow({ skip }: { skip: SkippedCopy }) {
  return (
    <div className="copy-row" data-testid="copy-skipped">
      <strong>{skip.trader_nickname}</strong>
      <span className="copy-card__meta">
        {skip.symbol} · {formatDateTime(skip.at)}
      </span>
      <span className="copy-error">{skip.reason}</span>
    </div>
  );
}

/** The closed copies: the first page with the rest of the page, older ones page by page when asked for (a copy closing meanwhile shifts the pages, so ids are kept once). */
function PastCopies({ first }: { first: MyCopies }) {
  const { t } = useTranslation('copy');
  const [showOlder, setShowOlder] = useState(false);
  const older = useOlderCopies(showOlder);
  const seen = new Set<number>();
  const positions = [...first.history, ...(older.data?.pages.flatMap((page) => page.history) ?? [])].filter((position) => !seen.has(position.id) && seen.add(position.id));
  const hasMore = showOlder ? older.hasNextPage : first.history_has_more;
  return (
    <>
      {positions.map((position) => (
        <PastCopy key={position.id} position={position} />
      ))}
      {hasMore ? (
        <Button
          block
          fill="outline"
          className="copy-more"
          loading={older.isFetching}
          onClick={() => (showOlder ? void older.fetchNextPage() : setShowOlder(true))}
          data-testid="copy-past-more"
        >
          {t('more')}
        </Button>
      ) : null}
    </>
  );
}

/** pages/copytrade/my: my follows with their history, copied positions live (self-holding), past and skipped copies, earnings. */
export default function MyCopiesPage() {
  const { t } = useTranslation('copy');
  const mine = useMyCopies();
  const quotes = useQuotes();
  const priceOf = (symbol: string) => quotes.data?.find((quote) => quote.symbol === symbol)?.price;
  const data = mine.data;
  return (
    <>
      <PageHeader title={t('my.title')} fallback={copyPaths.list} />
      <div className="copy-page" data-testid="copy-my-page">
        {mine.isPending ? <Skeleton.Paragraph lineCount={10} animated className="copy-skeleton" /> : null}
        {mine.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void mine.refetch()} /> : null}
        {data ? (
          <>
            <Section title={t('my.earnings')} testId="copy-earnings">
              <Facts
                facts={[
                  { label: t('my.totalProfit'), value: <Money value={data.earnings.total_profit} />, strong: true },
                  { label: t('my.sharesPaid'), value: formatSignificant(data.earnings.shares_paid) },
                ]}
              />
            </Section>
            <Section title={t('my.follows')} testId="copy-my-follows">
              {data.follows.length === 0 ? (
                <>
                  <p className="copy-empty">{t('my.noFollows')}</p>
                  <Link to={copyPaths.list} className="copy-link">
                    {t('my.browse')}
                  </Link>
                </>
              ) : (
                data.follows.map((follow) => <FollowCard key={follow.id} follow={follow} />)
              )}
            </Section>
            <Section title={t('my.current')} testId="copy-current">
              {data.current.length === 0 ? <p className="copy-empty">{t('my.noCurrent')}</p> : data.current.map((position) => <CurrentCopy key={position.id} position={position} feedPrice={priceOf(position.symbol)} />)}
            </Section>
            <Section title={t('my.history')} testId="copy-past">
              {data.history.length === 0 ? <p className="copy-empty">{t('my.noHistory')}</p> : <PastCopies first={data} />}
            </Section>
            <Section title={t('my.skipped')} testId="copy-skipped-list">
              {data.skipped.length === 0 ? <p className="copy-empty">{t('my.noSkipped')}</p> : data.skipped.map((skip) => <SkippedRow key={`${skip.trader_user_id}-${skip.at}-${skip.symbol}`} skip={skip} />)}
            </Section>
          </>
        ) : null}
      </div>
    </>
  );
}
