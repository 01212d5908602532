import { Button, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Facts } from '../../shared/ui/Facts.tsx';
import { effectiveRange, lockDayRanges } from './amounts.ts';
import { type LockProduct, lockPaths, useLockProducts } from './api.ts';
import './lock-mining.css';

function ProductCard({ product }: { product: LockProduct }) {
  const { t } = useTranslation('lockMining');
  const navigate = useNavigate();
  const range = effectiveRange(lockDayRanges(product));
  return (
    <article className="lock-product" data-testid={`lock-product-${product.id}`}>
      <header className="lock-product__head">
        <img src={product.icon} alt="" className="lock-product__icon" />
        <span className="lock-product__currency">{product.currency}</span>
        <span className="lock-product__days">{t('days', { count: product.lock_days })}</span>
      </header>
      <div className="lock-product__rate">
        <span className="lock-product__rate-value">
          {formatDecimal(range.min)}% – {formatDecimal(range.max)}%
        </span>
        <span className="lock-product__rate-label">{t('product.dailyRate')}</span>
      </div>
      <Facts
        facts={[
          { label: t('product.minAmount'), value: `${formatSignificant(product.min_amount)} ${product.currency}` },
          { label: t('product.maxPerUser'), value: `${formatSignificant(product.max_per_user)} ${product.currency}` },
          { label: t('product.dividendTime'), value: t('product.dividendAt', { time: product.dividend_time }) },
          { label: t('product.penalty'), value: t('product.penaltyPerDay', { rate: formatDecimal(product.penalty_rate) }) },
        ]}
      />
      <Button block color="primary" className="lock-product__cta" onClick={() => navigate(lockPaths.buy(product.id))} data-testid={`lock-buy-${product.id}`}>
        {t('actions.lock')}
      </Button>
    </article>
  );
}

/**
 * Home grid entries that open this page until they have products of their
 * own (`?entry=`): the page is titled with the entry's label, so the user
 * lands where the tapped label said.
 */
const GRID_ENTRIES = ['cloudMining', 'defiMining'] as const;

/** Lock-mining products (pages/lockming/lockming): each with its daily yield range and terms. */
export default function LockMiningPage() {
  const { t } = useTranslation('lockMining');
  const { token } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const entry = GRID_ENTRIES.find((key) => key === params.get('entry'));
  const products = useLockProducts();
  return (
    <>
      <PageHeader
        title={entry ? t(`common:menu.${entry}`) : t('title')}
        right={token ? <HeaderLink to={lockPaths.orders} label={t('orders.title')} icon={<FileOutline />} testId="lock-my-orders" /> : null}
      />
      <div className="lock-page" data-testid="lock-mining-page">
        <button type="button" className="lock-intro" onClick={() => navigate(lockPaths.welcome)} data-testid="lock-intro">
          <span className="lock-intro__title">{t('intro.title')}</span>
          <span className="lock-intro__text">{t('intro.text')}</span>
          <span className="lock-intro__more">{t('intro.more')} ›</span>
        </button>
        {products.data ? (
          <div className="lock-products">
            {products.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ) : products.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={products.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated className="lock-skeleton" />
        )}
      </div>
    </>
  );
}
