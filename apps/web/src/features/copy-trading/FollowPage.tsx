import { dec, formatMinor, MAX_COPY_NUMBER } from '@openbourse/core';
import { Button, Segmented, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useQuote } from '../../shared/market/quotes.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { activeFollow, copyPaths, type FollowType, type TraderDetail, type TraderOpenPosition, type TraderTrade, useAgreement, useFollow, useLeverDeal, useTraderDetail, useTraderTrades } from './api.ts';
import { agreementPath } from './agreement-language.ts';
import { numberIssue, previewCopy, termsOf } from './preview.ts';
import './copy-trading.css';
import { DecimalInput } from '../../shared/ui/DecimalInput.tsx';

/** The symbol whose contract the form shows when the trader has no position to size from yet. */
const DEFAULT_SYMBOL = 'BTC/USDT';

/** The trader's position a copy is previewed on: an open one, else the last closed trade. */
function typicalPosition(trader: TraderDetail, trades: TraderTrade[] | undefined): TraderOpenPosition | TraderTrade | undefined {
  return trader.open_positions[0] ?? trades?.[0];
}

function CopyPreviewFacts({ trader, number, type }: { trader: TraderDetail; number: string; type: FollowType }) {
  const { t } = useTranslation('copy');
  const trades = useTraderTrades(trader.trader_user_id);
  const position = typicalPosition(trader, trades.data?.pages[0]?.list);
  const quote = useQuote(position?.symbol ?? DEFAULT_SYMBOL);
  const deal = useLeverDeal(quote.data?.currency_id, quote.data?.legal_id);
  if (!deal.data) return <Skeleton.Paragraph lineCount={3} animated />;
  const terms = termsOf(deal.data.contract);
  const preview = position ? previewCopy(terms, position, type, number) : null;
  const availableMinor = Number(dec(deal.data.available).times(dec(10).pow(terms.quoteScale)).toFixed(0));
  const warning = preview === null ? null : preview.lots < deal.data.contract.min_lots ? t('form.belowMin') : preview.totalMinor > availableMinor ? t('form.short') : null;
  return (
    <>
      {position ? (
        <p className="copy-text" data-testid="copy-preview-basis">
          {t('form.previewBasis', { side: t(`side.${position.side}`), symbol: position.symbol, lots: position.lots, multiple: position.multiple, price: formatDecimal(position.open_price) })}
        </p>
      ) : (
        <p className="copy-text">{t('form.previewNone')}</p>
      )}
      <Facts
        facts={[
          preview ? { label: t('form.copiedLots'), value: preview.lots, testId: 'copy-preview-lots' } : null,
          preview ? { label: t('form.marginNeeded'), value: formatSignificant(preview.margin), strong: true, testId: 'copy-preview-margin' } : null,
          preview ? { label: t('form.feeNeeded'), value: formatSignificant(preview.fee) } : null,
          preview ? { label: `${t('form.marginNeeded')} + ${t('form.feeNeeded')}`, value: formatSignificant(formatMinor(preview.totalMinor, terms.quoteScale)) } : null,
          { label: t('form.balance'), value: formatSignificant(deal.data.available), testId: 'copy-lever-balance' },
        ]}
      />
      {warning ? <p className="copy-error">{warning}</p> : null}
      <Link to={copyPaths.transfer} className="copy-inline-link" data-testid="copy-transfer-link">
        {t('action.transfer')} ›
      </Link>
    </>
  );
}

function FollowForm({ trader }: { trader: TraderDetail }) {
  const { t, i18n } = useTranslation('copy');
  const navigate = useNavigate();
  const current = activeFollow(trader.my_follow);
  const [type, setType] = useState<FollowType>(current?.type ?? 1);
  const [number, setNumber] = useState(current?.number ?? '1');
  const [error, setError] = useState<string | null>(null);
  const agreement = useAgreement();
  const follow = useFollow();
  const agreed = Boolean(agreement.data?.agreed_at);
  const issue = numberIssue(type, number);
  const numberLabel = type === 1 ? t('form.numberMultiple') : t('form.numberLots');
  const send = async () => {
    setError(null);
    try {
      await follow.mutateAsync({ trader_user_id: trader.trader_user_id, type, number: number.trim() });
      toast(t('form.done', { nickname: trader.nickname }));
      navigate(copyPaths.my);
    } catch (failure) {
      // The request layer has toasted it too; the form keeps it in view.
      if (failure instanceof ApiError) setError(failure.message);
    }
  };
  return (
    <>
      <Section title={t('form.title', { nickname: trader.nickname })} className="copy-form" testId="copy-follow-form">
        <Segmented
          block
          value={type}
          onChange={(value) => setType(Number(value) as FollowType)}
          options={[
            { label: t('form.multiple'), value: 1 },
            { label: t('form.lots'), value: 2 },
          ]}
          data-testid="copy-follow-type"
        />
        <div className="copy-field">
          <span>{numberLabel}</span>
          <DecimalInput value={number} onChange={setNumber} aria-label={numberLabel} data-testid="copy-follow-number" />
        </div>
        {issue ? <p className="copy-error">{t(`form.${issue === 'invalid' ? 'numberInvalid' : issue}`, { max: MAX_COPY_NUMBER })}</p> : null}
      </Section>
      <Section title={t('form.preview')} testId="copy-preview">
        <CopyPreviewFacts trader={trader} number={number} type={type} />
      </Section>
      <Section className="copy-form">
        {agreement.data && !agreed ? (
          <>
            <p className="copy-error" data-testid="copy-agreement-needed">
              {t('form.agreementNeeded')}
            </p>
            <Link to={agreementPath(i18n.language)} className="copy-inline-link" data-testid="copy-agreement-link">
              {t('action.readAgreement')} ›
            </Link>
          </>
        ) : null}
        {error ? (
          <p className="copy-error" data-testid="copy-follow-error">
            {error}
          </p>
        ) : null}
        <Button block color="primary" disabled={!agreed || issue !== null} loading={follow.isPending} onClick={send} data-testid="copy-follow-submit">
          {t('action.submitFollow')}
        </Button>
      </Section>
    </>
  );
}

/** pages/follow/follow?trader_user_id=: start or edit a follow, with what a typical copy would hold; refused until the agreement is accepted. */
export default function FollowPage() {
  const { t } = useTranslation('copy');
  const [params] = useSearchParams();
  const traderUserId = Number(params.get('trader_user_id')) || 0;
  const detail = useTraderDetail(traderUserId);
  return (
    <>
      <PageHeader title={activeFollow(detail.data?.my_follow) ? t('action.editFollow') : t('action.follow')} fallback={copyPaths.trader(traderUserId)} />
      <div className="copy-page" data-testid="copy-follow-page">
        {traderUserId === 0 ? (
          <p className="copy-empty" data-testid="copy-not-found">
            {t('profile.notFound')}
          </p>
        ) : null}
        {traderUserId > 0 && detail.isPending ? <Skeleton.Paragraph lineCount={8} animated className="copy-skeleton" /> : null}
        {detail.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void detail.refetch()} error={detail.error} /> : null}
        {detail.data ? <FollowForm key={detail.data.my_follow?.updated_at ?? 0} trader={detail.data} /> : null}
      </div>
    </>
  );
}
