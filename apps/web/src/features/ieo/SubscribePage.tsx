import { formatMinor, ieoCost, parseDecimal, toMinor } from '@openbourse/core';
import { Button, Dialog, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InputIssue, UnitInput } from '../../shared/ui/UnitInput.tsx';
import { type IeoProject, ieoPaths, useIeoProject, useSubscribe } from './api.ts';
import { IeoStatusTag } from './IeoStatusTag.tsx';
import { Progress } from './Progress.tsx';
import './ieo.css';
import { useSpotBalance } from '../../shared/api/spot-balance.ts';

const decimalsOf = (formatted: string) => formatted.split('.')[1]?.length ?? 0;

/** What the typed amount costs in the pay currency, with the server's rounding; null while it is not a valid amount. */
function costOf(amount: string, project: IeoProject, price: string, payScale: number): string | null {
  const value = parseDecimal(amount);
  const tokenScale = decimalsOf(project.min_per_user);
  if (!value?.greaterThan(0) || value.decimalPlaces() > tokenScale) return null;
  return formatMinor(ieoCost(toMinor(value, tokenScale), tokenScale, price, payScale), payScale);
}

function SubscribeForm({ project }: { project: IeoProject }) {
  const { t } = useTranslation('ieo');
  const navigate = useNavigate();
  const [payCurrency, setPayCurrency] = useState(project.prices[0]?.currency ?? '');
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const balance = useSpotBalance(payCurrency);
  const subscribe = useSubscribe();
  const price = project.prices.find((entry) => entry.currency === payCurrency);
  const payScale = balance.data ? decimalsOf(balance.data.available) : null;
  const cost = price && payScale !== null && amount !== '' ? costOf(amount, project, price.price, payScale) : null;
  const value = parseDecimal(amount);
  const issue =
    amount === '' ? null : cost === null ? 'invalid' : value?.lessThan(project.min_per_user) ? 'belowMinimum' : value?.greaterThan(project.total_issuance) ? 'aboveIssuance' : balance.data && parseDecimal(cost)?.greaterThan(balance.data.available) ? 'insufficient' : null;

  const submit = async () => {
    if (!price) return;
    try {
      await subscribe.mutateAsync({ projectId: project.id, amount, payCurrency, price: price.price });
      toast(t('subscribe.done'));
      navigate(ieoPaths.orders);
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <Section title={t('subscribe.formTitle')} testId="ieo-form">
      <Selector
        options={project.prices.map((entry) => ({ label: entry.currency, value: entry.currency }))}
        value={[payCurrency]}
        onChange={(values) => values[0] && setPayCurrency(values[0])}
        className="ieo-pay"
        data-testid="ieo-pay-currency"
      />
      <UnitInput value={amount} onChange={setAmount} unit={project.token} placeholder={t('subscribe.placeholder', { min: formatSignificant(project.min_per_user, 0) })} clearable testId="ieo-amount" />
      <Facts
        facts={[
          { label: t('fields.price'), value: price ? `${formatDecimal(price.price)} ${payCurrency}` : '--' },
          { label: t('subscribe.cost'), value: cost === null ? '--' : `${formatSignificant(cost)} ${payCurrency}`, strong: true, testId: 'ieo-cost' },
          { label: t('subscribe.available'), value: balance.data ? `${formatSignificant(balance.data.available)} ${payCurrency}` : '--' },
        ]}
      />
      {issue ? (
        <InputIssue>{t(`issues.${issue}`, { min: formatSignificant(project.min_per_user, 0), token: project.token })}</InputIssue>
      ) : null}
      <p className="ieo-note">{t('subscribe.held')}</p>
      <Button block color="primary" size="large" disabled={amount === '' || issue !== null} loading={subscribe.isPending} onClick={() => setConfirming(true)} data-testid="ieo-submit">
        {t('subscribe.action')}
      </Button>
      <Dialog
        visible={confirming}
        title={t('subscribe.confirmTitle')}
        content={
          <div data-testid="ieo-confirm">
            <Facts
              facts={[
                { label: t('subscribe.amount'), value: `${formatSignificant(amount || '0', 0)} ${project.token}` },
                { label: t('subscribe.cost'), value: `${formatSignificant(cost ?? '0')} ${payCurrency}`, strong: true },
                { label: t('fields.end'), value: formatDateTime(project.subscribe_end) },
              ]}
            />
            <p className="ieo-note">{t('rules.allocation', { max: formatSignificant(project.max_per_user, 0), token: project.token })}</p>
          </div>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'cancel', text: t('shell:actions.cancel') },
            { key: 'confirm', text: t('subscribe.confirm'), bold: true, onClick: submit },
          ],
        ]}
      />
    </Section>
  );
}

function Action({ project }: { project: IeoProject }) {
  const { t } = useTranslation('ieo');
  const { token } = useSession();
  const navigate = useNavigate();
  if (project.my_order) {
    return (
      <Section title={t('subscribe.mine')} testId="ieo-my-order">
        <Facts
          facts={[
            { label: t('subscribe.amount'), value: `${formatSignificant(project.my_order.committed, 0)} ${project.token}` },
            { label: t('orders.held'), value: `${formatSignificant(project.my_order.held)} ${project.my_order.pay_currency}` },
            { label: t('orders.status'), value: t(`orderStatus.${project.my_order.status}`) },
          ]}
        />
        <Button block fill="outline" color="primary" onClick={() => navigate(ieoPaths.orders)}>
          {t('orders.title')}
        </Button>
      </Section>
    );
  }
  if (project.status === 'warmup') return <p className="ieo-banner">{t('subscribe.opensAt', { time: formatDateTime(project.subscribe_start) })}</p>;
  if (project.status === 'finished') return <p className="ieo-banner">{t('subscribe.ended')}</p>;
  if (!token) {
    return (
      <div className="ieo-actions">
        <Button block color="primary" onClick={() => navigate(`/pages/common/login?redirect=${encodeURIComponent(ieoPaths.subscribe(project.id))}`)}>
          {t('shell:actions.login')}
        </Button>
      </div>
    );
  }
  return <SubscribeForm project={project} />;
}

/** One IEO (pages/ieo/subscribe?id=): its terms, description and progress, and the subscription form while it runs. */
export default function SubscribePage() {
  const { t } = useTranslation('ieo');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const projectId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const project = useIeoProject(projectId);
  const data = project.data;
  return (
    <>
      <PageHeader title={data?.name ?? t('title')} fallback={ieoPaths.list} />
      <div className="ieo-page" data-testid="ieo-subscribe-page">
        {data ? (
          <>
            <Section
              title={
                <span className="ieo-card__head">
                  <img src={data.icon} alt="" className="ieo-card__icon" />
                  <span className="ieo-card__names">
                    <span className="ieo-card__name">{data.name}</span>
                    <span className="ieo-card__token">{data.token}</span>
                  </span>
                </span>
              }
              extra={<IeoStatusTag status={data.status} />}
              testId="ieo-summary"
            >
              <div className="ieo-card__progress">
                <Progress percent={data.progress} />
                <span className="ieo-card__percent">{t('card.progress', { percent: formatDecimal(data.progress) })}</span>
              </div>
              <Facts
                facts={[
                  { label: t('fields.committed'), value: `${formatSignificant(data.total_committed, 0)} / ${formatSignificant(data.total_issuance, 0)} ${data.token}` },
                  { label: t('fields.subscribers'), value: String(data.subscribers) },
                ]}
              />
            </Section>
            <Action project={data} />
            <Section title={t('subscribe.terms')} testId="ieo-terms">
              <Facts
                facts={[
                  ...data.prices.map((entry) => ({ label: t('fields.priceIn', { currency: entry.currency }), value: `${formatDecimal(entry.price)} ${entry.currency}` })),
                  { label: t('fields.totalIssuance'), value: `${formatSignificant(data.total_issuance, 0)} ${data.token}` },
                  { label: t('fields.minPerUser'), value: `${formatSignificant(data.min_per_user, 0)} ${data.token}` },
                  { label: t('fields.maxPerUser'), value: `${formatSignificant(data.max_per_user, 0)} ${data.token}` },
                  { label: t('fields.start'), value: formatDateTime(data.subscribe_start) },
                  { label: t('fields.end'), value: formatDateTime(data.subscribe_end) },
                  { label: t('fields.lock'), value: t('fields.lockDays', { count: data.lock_days, time: formatDateTime(data.unlock_at) }) },
                  data.whitepaper !== '' && { label: t('fields.whitepaper'), value: <a href={data.whitepaper} target="_blank" rel="noreferrer noopener">{t('fields.open')}</a> },
                  data.website !== '' && { label: t('fields.website'), value: <a href={data.website} target="_blank" rel="noreferrer noopener">{t('fields.open')}</a> },
                ]}
              />
              <p className="ieo-note">{t('rules.allocation', { max: formatSignificant(data.max_per_user, 0), token: data.token })}</p>
            </Section>
            <Section title={t('subscribe.about')} testId="ieo-description">
              <p className="ieo-description">{data.description}</p>
            </Section>
          </>
        ) : projectId === null ? (
          <MissingItem backTo={ieoPaths.list} />
        ) : project.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={project.refetch} error={project.error} />
        ) : (
          <Skeleton.Paragraph lineCount={10} animated className="ieo-skeleton" />
        )}
      </div>
    </>
  );
}
