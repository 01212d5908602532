import { dec } from '@openbourse/core';
import { Button, Dialog, Skeleton, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatAmount, formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InputIssue } from '../../shared/ui/UnitInput.tsx';
import { type DualProduct, dualPaths, useBuyDual, useDualProduct } from './api.ts';
import { Outcomes } from './Outcomes.tsx';
import { outcomesFor } from './outcomes.ts';
import './dual.css';
import { useSpotBalance } from '../../shared/api/spot-balance.ts';

function BuyForm({ product }: { product: DualProduct }) {
  const { t } = useTranslation('dual');
  const { token } = useSession();
  const navigate = useNavigate();
  const [shares, setShares] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const balance = useSpotBalance(product.invest_currency);
  const buy = useBuyDual();
  const preview = outcomesFor(product, shares);
  const tooMuch = balance.data !== undefined && dec(preview.invested).greaterThan(balance.data.available);

  const submit = async () => {
    try {
      await buy.mutateAsync({ id: product.id, shares });
      toast(t('purchase.done'));
      navigate(dualPaths.mine);
    } catch {
      // The request layer has shown why.
    }
  };

  if (!token) {
    return (
      <div className="dual-actions">
        <Button block color="primary" onClick={() => navigate(`/pages/common/login?redirect=${encodeURIComponent(dualPaths.purchase(product.id))}`)}>
          {t('shell:actions.login')}
        </Button>
      </div>
    );
  }
  if (!product.on_sale) return <p className="dual-banner">{t('purchase.notOnSale')}</p>;

  return (
    <>
      <Section title={t('purchase.sharesTitle')} testId="dual-form">
        <div className="dual-shares">
          {/* The typed text, seen as it bubbles up: the stepper takes its whole part, and says so while a fraction is typed. */}
          <fieldset className="dual-shares__field" aria-label={t('purchase.sharesTitle')} onInput={(event) => setTyped((event.target as HTMLInputElement).value)} onBlur={() => setTyped('')}>
            <Stepper
              min={1}
              max={Math.max(1, product.remaining_shares)}
              digits={0}
              parser={(text) => Number.parseInt(text, 10)}
              value={shares}
              onChange={(value) => setShares(Math.max(1, Math.floor(value ?? 1)))}
              data-testid="dual-shares"
            />
          </fieldset>
          <span className="dual-shares__each">{t('fields.perShare', { amount: formatSignificant(product.share_amount), currency: product.invest_currency })}</span>
        </div>
        <Facts
          facts={[
            { label: t('purchase.invested'), value: `${formatSignificant(preview.invested)} ${product.invest_currency}`, strong: true, testId: 'dual-invested' },
            { label: t('purchase.available'), value: balance.data ? `${formatSignificant(balance.data.available)} ${product.invest_currency}` : '--' },
          ]}
        />
        {/[^\d\s]/.test(typed) ? <InputIssue>{t('purchase.wholeShares', { shares })}</InputIssue> : null}
        {tooMuch ? <InputIssue>{t('purchase.insufficient')}</InputIssue> : null}
        <p className="dual-note">{t('purchase.heldIn')}</p>
      </Section>
      <Section title={t('purchase.outcomesTitle')} testId="dual-preview">
        <Outcomes type={product.type} coin={product.coin} linkedPrice={product.linked_price} kept={preview.kept} converted={preview.converted} />
        <p className="dual-note" data-testid="dual-tie-rule">
          {t(`purchase.tie.${product.type}`, { price: formatDecimal(product.linked_price), coin: product.coin })}
        </p>
      </Section>
      <div className="dual-actions">
        <Button block color="primary" size="large" disabled={tooMuch} loading={buy.isPending} onClick={() => setConfirming(true)} data-testid="dual-submit">
          {t('purchase.action')}
        </Button>
      </div>
      <Dialog
        visible={confirming}
        title={t('purchase.confirmTitle')}
        content={
          <div data-testid="dual-confirm">
            <Facts
              facts={[
                { label: t('purchase.invested'), value: `${formatSignificant(preview.invested)} ${product.invest_currency}`, strong: true },
                { label: t('fields.linkedPrice'), value: formatDecimal(product.linked_price) },
                { label: t('fields.settlesAt'), value: formatDateTime(product.maturity_at) },
              ]}
            />
            <Outcomes type={product.type} coin={product.coin} linkedPrice={product.linked_price} kept={preview.kept} converted={preview.converted} />
          </div>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'cancel', text: t('shell:actions.cancel') },
            { key: 'confirm', text: t('purchase.confirm'), bold: true, onClick: submit },
          ],
        ]}
      />
    </>
  );
}

/** One dual product (pages/invest/purchase?id=): terms, both outcomes with numbers and the tie rule, then whole shares. */
export default function PurchasePage() {
  const { t } = useTranslation('dual');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const productId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const product = useDualProduct(productId);
  const data = product.data;
  return (
    <>
      <PageHeader title={data ? t(`direction.${data.type}.title`, { coin: data.coin }) : t('title')} fallback={dualPaths.list} />
      <div className="dual-page" data-testid="dual-purchase-page">
        {data ? (
          <>
            <Section title={data.pair} extra={<span className="dual-apr-tag">{t('fields.aprValue', { apr: formatDecimal(data.apr) })}</span>} testId="dual-terms">
              <Facts
                facts={[
                  { label: t('fields.linkedPrice'), value: `${formatDecimal(data.linked_price)} USDT`, strong: true },
                  { label: t('fields.feedPrice'), value: data.feed_price ? `${formatDecimal(data.feed_price)} USDT` : '--', testId: 'dual-feed-price' },
                  { label: t('fields.days'), value: t('fields.daysShort', { count: data.days }) },
                  { label: t('fields.settlesAt'), value: formatDateTime(data.maturity_at) },
                  { label: t('fields.remainingShares'), value: `${formatAmount(data.remaining_shares, 0)} / ${formatAmount(data.total_shares, 0)}` },
                  { label: t('fields.saleEnd'), value: formatDateTime(data.sale_end) },
                ]}
              />
              <p className="dual-note">{t('purchase.settlementRule')}</p>
            </Section>
            <BuyForm product={data} />
          </>
        ) : productId === null ? (
          <MissingItem backTo={dualPaths.list} />
        ) : product.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={product.refetch} error={product.error} />
        ) : (
          <Skeleton.Paragraph lineCount={10} animated className="dual-skeleton" />
        )}
      </div>
    </>
  );
}
