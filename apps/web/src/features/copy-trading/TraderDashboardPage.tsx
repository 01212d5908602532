import { dec } from '@openbourse/core';
import { Button, Input, Skeleton, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, toast } from '../../shared/api/request.ts';
import { formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { copyPaths, type TraderMe, useApply, useTraderMe } from './api.ts';
import { ComputedAt, Money, percentOf, TraderIdentity } from './parts.tsx';
import { percentText, shareRateFromPercent } from './share-rate.ts';
import './copy-trading.css';

function Dashboard({ me }: { me: TraderMe }) {
  const { t } = useTranslation('copy');
  const trader = me.trader;
  if (!trader) return null;
  return (
    <>
      <Section testId="copy-dashboard">
        <TraderIdentity trader={trader} size={56} />
        <Facts
          facts={[
            { label: t('stat.followers'), value: t('stat.followersOf', { count: trader.follower_count, max: trader.max_followers }) },
            { label: t('stat.accuracy'), value: percentOf(trader.accuracy) },
            { label: t('stat.totalProfit'), value: <Money value={trader.total_profit} /> },
            { label: t('stat.profitableOrders'), value: `${trader.profitable_orders} / ${trader.closed_orders}` },
            { label: t('stat.followAmount'), value: formatSignificant(trader.follow_amount) },
            { label: t('stat.followerEarnings'), value: <Money value={trader.follower_earnings} /> },
            { label: t('dashboard.sharesReceived'), value: formatSignificant(me.shares_received), strong: true, testId: 'copy-shares-received' },
          ]}
        />
        <ComputedAt at={trader.computed_at} />
        <Link to={copyPaths.trader(trader.trader_user_id)} className="copy-inline-link">
          {t('dashboard.profile')} ›
        </Link>
      </Section>
      <Section title={t('dashboard.followers')} testId="copy-followers">
        {me.followers.length === 0 ? <p className="copy-empty">{t('dashboard.noFollowers')}</p> : null}
        {me.followers.map((follower) => (
          <div key={`${follower.nickname}-${follower.since}`} className="copy-row">
            <strong>{follower.nickname}</strong>
            <span className="copy-card__meta">{t(`followType.${follower.type}`, { number: follower.number })}</span>
            <span className="copy-row__end">{t('dashboard.since', { time: formatDateTime(follower.since) })}</span>
          </div>
        ))}
      </Section>
    </>
  );
}

function ApplicationStatus({ me }: { me: TraderMe }) {
  const { t } = useTranslation('copy');
  const application = me.application;
  if (!application || application.status === 'approved') return null;
  return (
    <Section testId="copy-application-status">
      <p className={`copy-status ${application.status === 'rejected' ? 'copy-tone--down' : 'copy-identity__share'}`} data-testid={`copy-application-${application.status}`}>
        {application.status === 'pending' ? t('dashboard.pending') : t('dashboard.rejected')}
      </p>
      {application.reason ? <p className="copy-text">{t('dashboard.reason', { reason: application.reason })}</p> : null}
      <Facts
        facts={[
          { label: t('dashboard.nickname'), value: application.nickname },
          { label: t('stat.shareRateLabel'), value: percentOf(application.share_rate) },
        ]}
      />
      <p className="copy-computed">{t('dashboard.submittedAt', { time: formatDateTime(application.created_at) })}</p>
    </Section>
  );
}

function Eligibility({ me }: { me: TraderMe }) {
  const { t } = useTranslation('copy');
  const { eligibility } = me;
  const balanceOk = dec(eligibility.lever_balance).greaterThanOrEqualTo(eligibility.min_lever_balance);
  const state = (ok: boolean) => <span className={ok ? 'copy-tone--up' : 'copy-tone--down'}>{ok ? t('dashboard.met') : t('dashboard.notMet')}</span>;
  return (
    <Section title={t('dashboard.eligibility')} testId="copy-eligibility">
      <Facts
        facts={[
          { label: t('dashboard.levelOk'), value: state(eligibility.level_ok), testId: 'copy-eligibility-level' },
          {
            label: t('dashboard.balanceOk', { min: formatSignificant(eligibility.min_lever_balance, 0), balance: formatSignificant(eligibility.lever_balance) }),
            value: state(balanceOk),
            testId: 'copy-eligibility-balance',
          },
        ]}
      />
      <div className="copy-actions">
        {eligibility.level_ok ? null : (
          <Link to={copyPaths.verification} className="copy-link">
            {t('action.verify')}
          </Link>
        )}
        {balanceOk ? null : (
          <Link to={copyPaths.transfer} className="copy-link">
            {t('action.transfer')}
          </Link>
        )}
      </div>
    </Section>
  );
}

/** The server's limit on a trader nickname (`/follow/trader/apply`). */
const NICKNAME_MAX = 20;

function ApplicationForm({ me }: { me: TraderMe }) {
  const { t } = useTranslation('copy');
  const [minRate, maxRate] = me.eligibility.share_range;
  const [nickname, setNickname] = useState('');
  const [introduction, setIntroduction] = useState('');
  const [rate, setRate] = useState(percentText(me.eligibility.default_share_rate));
  const [error, setError] = useState<string | null>(null);
  const apply = useApply();
  const send = async () => {
    setError(null);
    if (!nickname.trim() || !introduction.trim()) {
      setError(t('dashboard.required'));
      return;
    }
    // Empty: the platform's default rate.
    const shareRate = rate.trim() === '' ? '' : shareRateFromPercent(rate);
    if (shareRate === null) {
      setError(t('dashboard.rateWhole'));
      return;
    }
    try {
      await apply.mutateAsync({ nickname: nickname.trim(), introduction: introduction.trim(), share_rate: shareRate });
      toast(t('dashboard.applied'));
    } catch (failure) {
      // The request layer has toasted it too; the form keeps it in view.
      if (failure instanceof ApiError) setError(failure.message);
    }
  };
  const rateLabel = t('dashboard.shareRate', { min: percentText(minRate), max: percentText(maxRate) });
  return (
    <Section title={t('dashboard.apply')} className="copy-form" testId="copy-apply-form">
      <div className="copy-field">
        <span>{t('dashboard.nickname')}</span>
        <Input value={nickname} onChange={setNickname} maxLength={NICKNAME_MAX} aria-label={t('dashboard.nickname')} data-testid="copy-apply-nickname" />
      </div>
      <div className="copy-field">
        <span>{t('dashboard.introduction')}</span>
        <TextArea value={introduction} onChange={setIntroduction} rows={3} maxLength={500} aria-label={t('dashboard.introduction')} data-testid="copy-apply-introduction" />
      </div>
      <div className="copy-field">
        <span>{rateLabel}</span>
        <Input
          inputMode="numeric"
          value={rate}
          onChange={(value) => {
            setRate(value);
            setError(null);
          }}
          aria-label={rateLabel} data-testid="copy-apply-rate" />
      </div>
      {error ? <p className="copy-error">{error}</p> : null}
      <Button block color="primary" loading={apply.isPending} onClick={send} data-testid="copy-apply-submit">
        {t('action.apply')}
      </Button>
    </Section>
  );
}

/** pages/copytrade/trader: an approved trader's dashboard; a pending or rejected application's state; otherwise the application with its requirements. */
export default function TraderDashboardPage() {
  const { t } = useTranslation('copy');
  const me = useTraderMe();
  const data = me.data;
  const status = data?.application?.status;
  return (
    <>
      <PageHeader title={t('dashboard.title')} fallback={copyPaths.list} />
      <div className="copy-page" data-testid="copy-trader-page">
        {me.isPending ? <Skeleton.Paragraph lineCount={8} animated className="copy-skeleton" /> : null}
        {me.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void me.refetch()} /> : null}
        {data?.trader ? <Dashboard me={data} /> : null}
        {data && !data.trader ? <ApplicationStatus me={data} /> : null}
        {data && !data.trader && status !== 'pending' ? (
          <>
            <Eligibility me={data} />
            <ApplicationForm me={data} />
          </>
        ) : null}
      </div>
    </>
  );
}
