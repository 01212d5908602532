import { ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { FileOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatAmount, formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatCalendarDay } from '../../shared/time.ts';
import { useSession } from '../../shared/session.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Direction, type DualCoin, type DualProduct, dualPaths, useDualCoins, useDualProducts } from './api.ts';
import './dual.css';

function ProductRow({ product }: { product: DualProduct }) {
  const { t } = useTranslation('dual');
  const navigate = useNavigate();
  return (
    <button type="button" className="dual-product" onClick={() => navigate(dualPaths.purchase(product.id))} data-testid={`dual-product-${product.id}`}>
      <div className="dual-product__main">
        <div className="dual-product__apr">
          <span className="dual-product__apr-value">{formatDecimal(product.apr)}%</span>
          <span className="dual-product__label">{t('fields.apr')}</span>
        </div>
        <div className="dual-product__col">
          <span className="dual-product__value">{formatDecimal(product.linked_price)}</span>
          <span className="dual-product__label">{t('fields.linkedPrice')}</span>
        </div>
        <div className="dual-product__col dual-product__col--end">
          <span className="dual-product__value">{formatCalendarDay(product.maturity_date)}</span>
          <span className="dual-product__label">{t('fields.daysShort', { count: product.days })}</span>
        </div>
      </div>
      <div className="dual-product__foot">
        <span>{t('fields.perShare', { amount: formatSignificant(product.share_amount), currency: product.invest_currency })}</span>
        <span>{t('fields.remaining', { number: formatAmount(product.remaining_shares, 0) })}</span>
      </div>
      <div className="meter">
        <div className="meter__fill" style={{ width: `${product.progress}%` }} />
      </div>
    </button>
  );
}

/** Spec 3: currency_id defaults to 1 (BTC) while it has products; otherwise the first coin that has some. */
const defaultCoin = (coins: DualCoin[]) => (coins.some((entry) => entry.currency_id === 1) ? 1 : (coins[0]?.currency_id ?? 1));

/** The coin tabs (from the server's /dual/coins), the direction switch and the products of one coin and direction. */
function Products({ coins }: { coins: DualCoin[] }) {
  const { t } = useTranslation('dual');
  const [params, setParams] = useSearchParams();
  const currencyId = Number(params.get('currency_id')) || defaultCoin(coins);
  const type: Direction = params.get('type') === 'put' ? 'put' : 'call';
  const products = useDualProducts(currencyId, type);
  const coin = coins.find((entry) => entry.currency_id === currencyId)?.coin ?? products.data?.[0]?.coin ?? '';
  const choose = (next: { currency_id?: number; type?: Direction }) =>
    setParams({ currency_id: String(next.currency_id ?? currencyId), type: next.type ?? type }, { replace: true });
  if (coins.length === 0) return <ErrorBlock status="empty" title={t('empty')} description="" className="dual-empty" data-testid="dual-empty" />;
  return (
    <>
      <Tabs activeKey={String(currencyId)} onChange={(key) => choose({ currency_id: Number(key) })} className="dual-tabs scroll-tabs" data-testid="dual-coins">
        {coins.map((entry) => (
          <Tabs.Tab key={String(entry.currency_id)} title={entry.coin} />
        ))}
      </Tabs>
      <div className="dual-switch" role="tablist">
        {(['call', 'put'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            role="tab"
            aria-selected={direction === type}
            className={`dual-switch__option ${direction === type ? 'dual-switch__option--active' : ''}`}
            onClick={() => choose({ type: direction })}
            data-testid={`dual-type-${direction}`}
          >
            <span className="dual-switch__title">{t(`direction.${direction}.title`, { coin })}</span>
            <span className="dual-switch__text">{t(`direction.${direction}.text`, { coin })}</span>
          </button>
        ))}
      </div>
      {products.data ? (
        products.data.length > 0 ? (
          <div className="dual-products" data-testid="dual-products">
            {products.data.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </div>
        ) : (
          <ErrorBlock status="empty" title={t('empty')} description="" className="dual-empty" data-testid="dual-empty" />
        )
      ) : products.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={products.refetch} />
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="dual-skeleton" />
      )}
    </>
  );
}

/** Dual investment products (pages/invest/invest) of one coin and direction. */
export default function InvestPage() {
  const { t } = useTranslation('dual');
  const { token } = useSession();
  const coins = useDualCoins();
  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <>
            <HeaderLink to={dualPaths.help} label={t('help.short')} icon={<QuestionCircleOutline />} testId="dual-help-link" />
            {token ? <HeaderLink to={dualPaths.mine} label={t('mine.short')} icon={<FileOutline />} testId="dual-mine-link" /> : null}
          </>
        }
      />
      <div className="dual-page" data-testid="dual-page">
        {coins.data ? (
          <Products coins={coins.data} />
        ) : coins.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={coins.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated className="dual-skeleton" />
        )}
      </div>
    </>
  );
}
