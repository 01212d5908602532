import { Button, ErrorBlock, InfiniteScroll, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { formatDateTime } from '../../shared/time.ts';
import { copyToClipboard } from '../../shared/ui/clipboard.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type InviteOverview, type RebateTotal, useInviteOverview, useInvitees } from './api.ts';
import { drawPoster } from './poster.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import './invite.css';

/** Invite friends: the code, the link and its QR poster, the invitees and the rebates they earned. */
export default function SharePage() {
  const { t } = useTranslation('invite');
  const overview = useInviteOverview();
  return (
    <div className="invite-page">
      <PageHeader title={t('title')} fallback="/pages/setting/setting" />
      {overview.isPending ? <Skeleton.Paragraph lineCount={8} animated className="invite-skeleton" /> : null}
      {overview.isError ? <LoadError title={t('loadTitle')} description={t('loadDescription')} onRetry={() => void overview.refetch()} /> : null}
      {overview.data ? <Poster overview={overview.data} /> : null}
      {overview.data ? <Totals overview={overview.data} /> : null}
      <InviteeList />
    </div>
  );
}

const rebateText = (rebates: RebateTotal[]) => (rebates.length === 0 ? '0' : rebates.map((rebate) => `${formatSignificant(rebate.amount)} ${rebate.currency}`).join(' · '));

function Poster({ overview }: { overview: InviteOverview }) {
  const { t } = useTranslation('invite');
  const siteName = useSiteConfig().data?.settings?.site_name ?? '';
  const copy = async (text: string) => {
    if (await copyToClipboard(text)) Toast.show(t('copied'));
  };
  const save = async () => {
    const poster = await drawPoster({ title: siteName, subtitle: t('subtitle', { share: formatDecimal(overview.rebate_share) }), code: overview.invite_code }, overview.qr_code);
    const link = document.createElement('a');
    link.href = poster;
    link.download = `invite-${overview.invite_code}.png`;
    link.click();
  };
  return (
    <section className="invite-poster" data-testid="invite-poster">
      <p className="invite-poster__subtitle">{t('subtitle', { share: formatDecimal(overview.rebate_share) })}</p>
      <img className="invite-poster__qr" src={overview.qr_code} alt={t('qrAlt')} width={200} height={200} data-testid="invite-qr" />
      <div className="invite-field">
        <span className="invite-field__label">{t('code')}</span>
        <span className="invite-field__value invite-field__value--code" data-testid="invite-code">
          {overview.invite_code}
        </span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void copy(overview.invite_code)}>
          {t('copy')}
        </Button>
      </div>
      <div className="invite-field">
        <span className="invite-field__label">{t('link')}</span>
        <span className="invite-field__value" data-testid="invite-link">
          {overview.invite_link}
        </span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void copy(overview.invite_link)}>
          {t('copy')}
        </Button>
      </div>
      <Button block color="primary" onClick={() => void save()} data-testid="invite-save">
        {t('savePoster')}
      </Button>
    </section>
  );
}

function Totals({ overview }: { overview: InviteOverview }) {
  const { t } = useTranslation('invite');
  return (
    <section className="invite-totals">
      <div>
        <span className="invite-totals__value" data-testid="invite-count">
          {overview.invitees}
        </span>
        <span className="invite-totals__label">{t('invitees')}</span>
      </div>
      <div>
        <span className="invite-totals__value">{rebateText(overview.rebates)}</span>
        <span className="invite-totals__label">{t('rebates')}</span>
      </div>
    </section>
  );
}

function InviteeList() {
  const { t } = useTranslation('invite');
  const query = useInvitees();
  const invitees = (query.data?.pages ?? []).flatMap((page) => page.list);
  return (
    <section className="invite-list">
      <h2 className="invite-list__title">{t('inviteeList')}</h2>
      {query.isSuccess && invitees.length === 0 ? <ErrorBlock status="empty" title={t('noInvitees')} description="" className="invite-empty" /> : null}
      {invitees.map((invitee) => (
        <div key={`${invitee.account}-${invitee.registered_at}`} className="invite-row">
          <div>
            <div className="invite-row__account">{invitee.account}</div>
            <div className="invite-row__time">{formatDateTime(invitee.registered_at)}</div>
          </div>
          <span className="invite-row__rebate">{rebateText(invitee.rebates)}</span>
        </div>
      ))}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </section>
  );
}
