import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatAmount, formatDecimal, formatSignificant, withFiatSymbol } from '../../shared/format.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Overview, type Payment, type ValuedAmount, useOverview } from './api.ts';
import './financial.css';

const ROUTES_OF = {
  lockMining: '/pages/lockming/lockming',
  lockOrders: '/pages/lockming/order',
  ieo: '/pages/ieo/ieo',
  ieoOrders: '/pages/ieo/order',
  dual: '/pages/invest/invest',
  dualOrders: '/pages/invest/mine',
  ieoProject: (id: number) => `/pages/ieo/subscribe?id=${id}`,
};

type Fiat = Overview['fiat'];

/** A fiat amount with its symbol, the sign in front: net earnings can be below zero after a penalty ("-$12.00", not "$-12.00"). */
function fiatText(fiat: Fiat, value: string): string {
  return withFiatSymbol(formatAmount(value), fiat);
}

function Summary({ overview }: { overview: Overview }) {
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const { fiat, holdings } = overview;
  if (!holdings) {
    return (
      <div className="fin-summary" data-testid="fin-visitor">
        <div className="fin-summary__label">{t('summary.visitor')}</div>
        <Button color="primary" size="small" onClick={() => navigate(`${ROUTES.login}?redirect=${encodeURIComponent('/pages/financial/index')}`)}>
          {t('shell:actions.login')}
        </Button>
      </div>
    );
  }
  return (
    <div className="fin-summary" data-testid="fin-summary">
      <div className="fin-summary__label">{t('summary.earnings', { code: fiat.code })}</div>
      <div className="fin-summary__total" data-testid="fin-total-earnings">
        {fiatText(fiat, holdings.total_earnings_fiat)}
      </div>
      <div className="fin-summary__sub">
        <span>
          {t('summary.locked')} ≈ {fiatText(fiat, holdings.locked_fiat)}
        </span>
        <span>≈ {formatAmount(holdings.total_earnings_usdt)} USDT</span>
      </div>
    </div>
  );
}

function ProductTile({ title, lines, onClick, testId }: { title: string; lines: ReactNode[]; onClick(): void; testId: string }) {
  return (
    <button type="button" className="fin-tile" onClick={onClick} data-testid={testId}>
      <span className="fin-tile__title">{title}</span>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of a tile
        <span key={index} className={index === 0 ? 'fin-tile__highlight' : 'fin-tile__line'}>
          {line}
        </span>
      ))}
      <span className="fin-tile__more">›</span>
    </button>
  );
}

function Products({ overview }: { overview: Overview }) {
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const { lock_mining: lock, dual, ieo } = overview.products;
  return (
    <div className="fin-tiles" data-testid="fin-products">
      <ProductTile
        title={t('products.lockMining')}
        lines={[
          lock.best_daily_rate ? t('products.upToDaily', { rate: formatDecimal(lock.best_daily_rate) }) : t('products.none'),
          t('products.lockTerms', { number: lock.count, min: lock.shortest_days ?? 0, max: lock.longest_days ?? 0 }),
        ]}
        onClick={() => navigate(ROUTES_OF.lockMining)}
        testId="fin-product-lock"
      />
      <ProductTile
        title={t('products.dual')}
        lines={[dual.best_apr ? t('products.upToApr', { apr: formatDecimal(dual.best_apr) }) : t('products.none'), t('products.dualTerms', { number: dual.on_sale, coins: dual.coins.join(' / ') || '--' })]}
        onClick={() => navigate(ROUTES_OF.dual)}
        testId="fin-product-dual"
      />
      <ProductTile
        title={t('products.ieo')}
        lines={[t('products.ieoRunning', { number: ieo.in_progress }), t('products.ieoTerms', { warmup: ieo.warmup, finished: ieo.finished })]}
        onClick={() => navigate(ROUTES_OF.ieo)}
        testId="fin-product-ieo"
      />
    </div>
  );
}

function AmountRows({ rows, fiat, testId }: { rows: ValuedAmount[]; fiat: Fiat; testId: string }) {
  const { t } = useTranslation('financial');
  return (
    <ul className="fin-rows" data-testid={testId}>
      {rows.map((row) => (
        <li key={`${row.kind}-${row.currency}`} className="fin-row">
          <img src={row.icon} alt="" className="fin-row__icon" />
          <span className="fin-row__name">
            <span>{row.currency}</span>
            <span className="fin-row__kind">{t(`kinds.${row.kind}`)}</span>
          </span>
          <span className="fin-row__amount">
            <span>{formatSignificant(row.amount)}</span>
            <span className="fin-row__fiat">≈ {fiatText(fiat, row.fiat_value)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function paymentAmount(payment: Payment): string {
  if (payment.amount !== null) return `${formatSignificant(payment.amount)} ${payment.currency}`;
  if (payment.amount_min !== null && payment.amount_max !== null) return `${formatSignificant(payment.amount_min)} – ${formatSignificant(payment.amount_max)} ${payment.currency}`;
  if (payment.amount_max !== null) return `≤ ${formatSignificant(payment.amount_max)} ${payment.currency}`;
  return payment.currency;
}

function Holdings({ overview }: { overview: Overview }) {
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const holdings = overview.holdings;
  if (!holdings) return null;
  const ordersRoute = { lock_mining: ROUTES_OF.lockOrders, ieo: ROUTES_OF.ieoOrders, dual: ROUTES_OF.dualOrders } as const;
  return (
    <>
      <Section title={t('holdings.locked')} testId="fin-locked">
        {holdings.locked.length > 0 ? <AmountRows rows={holdings.locked} fiat={overview.fiat} testId="fin-locked-rows" /> : <p className="fin-empty">{t('holdings.nothingLocked')}</p>}
      </Section>
      <Section title={t('holdings.earnings')} testId="fin-earnings">
        {holdings.earnings.length > 0 ? (
          <>
            <AmountRows rows={holdings.earnings} fiat={overview.fiat} testId="fin-earning-rows" />
            <p className="fin-note" data-testid="fin-net-note">
              {t('holdings.netOfPenalties')}
            </p>
          </>
        ) : (
          <p className="fin-empty">{t('holdings.noEarnings')}</p>
        )}
      </Section>
      <Section title={t('holdings.next')} testId="fin-next">
        {holdings.next_payments.length > 0 ? (
          <ul className="fin-rows">
            {holdings.next_payments.map((payment) => (
              <li key={`${payment.kind}-${payment.order_id}-${payment.what}`} className="fin-row fin-row--button">
                <button type="button" className="fin-row__link" onClick={() => navigate(ordersRoute[payment.kind])} data-testid={`fin-payment-${payment.kind}-${payment.order_id}`}>
                  <span className="fin-row__name">
                    <span>{t(`payments.${payment.what}`)}</span>
                    <span className="fin-row__kind">{formatDateTime(payment.at)}</span>
                  </span>
                  <span className="fin-row__amount">{paymentAmount(payment)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="fin-empty">{t('holdings.noPayments')}</p>
        )}
      </Section>
      {holdings.dual_settling.length > 0 ? (
        <Section title={t('holdings.dualSettling')} testId="fin-dual-settling">
          <ul className="fin-rows">
            {holdings.dual_settling.map((order) => (
              <li key={order.id} className="fin-row">
                <span className="fin-row__name">
                  <span>
                    {order.pair} · {t(`direction.${order.type}`)}
                  </span>
                  <span className="fin-row__kind">
                    {order.settling ? t('holdings.settlingNow') : formatDateTime(order.maturity_at)} · {t('holdings.linked', { price: formatDecimal(order.linked_price) })}
                  </span>
                </span>
                <span className="fin-row__amount">
                  {formatSignificant(order.invested)} {order.invest_currency}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function UpcomingIeos({ overview }: { overview: Overview }) {
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const list = overview.products.upcoming_ieos;
  if (list.length === 0) return null;
  return (
    <Section title={t('ieos.title')} testId="fin-ieos">
      <ul className="fin-rows">
        {list.map((project) => (
          <li key={project.id} className="fin-row fin-row--button">
            <button type="button" className="fin-row__link" onClick={() => navigate(ROUTES_OF.ieoProject(project.id))}>
              <img src={project.icon} alt="" className="fin-row__icon" />
              <span className="fin-row__name">
                <span>{project.name}</span>
                <span className="fin-row__kind">{project.status === 'warmup' ? t('ieos.starts', { time: formatDateTime(project.subscribe_start) }) : t('ieos.ends', { time: formatDateTime(project.subscribe_end) })}</span>
              </span>
              <span className={`fin-row__status fin-row__status--${project.status}`}>{t(`ieos.${project.status}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The financial overview (pages/financial/index): every earn product and the user's holdings in one place. */
export default function FinancialPage() {
  const { t } = useTranslation('financial');
  const overview = useOverview();
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="fin-page" data-testid="financial-page">
        {overview.data ? (
          <>
            <Summary overview={overview.data} />
            <Products overview={overview.data} />
            <Holdings overview={overview.data} />
            <UpcomingIeos overview={overview.data} />
          </>
        ) : overview.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={overview.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={10} animated className="fin-skeleton" />
        )}
      </div>
    </>
  );
}
