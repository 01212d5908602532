import { useTranslation } from 'react-i18next';
import type { DraftIssue, DraftPreview, OrderDraft } from '../preview.ts';
import { formatDecimal, formatSignificant } from '../../../shared/format.ts';

interface Props {
  draft: OrderDraft;
  preview: DraftPreview | null;
  quoteCurrency: string;
  lastPrice: string;
}

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="trade-preview__line">
      <span className="muted">{label}</span>
      <span className="trade-preview__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * The figures of the order before it is sent: exact for a limit order; for a
 * market order estimated at the last price, except the hold, which is exactly
 * what the server will freeze (at the protection price).
 */
export function OrderPreview({ draft, preview, quoteCurrency, lastPrice }: Props) {
  const { t } = useTranslation('trade');
  const approx = preview?.estimated ? '≈ ' : '';
  const quoteAmount = (value: string | undefined) => (value === undefined ? '--' : `${approx}${formatSignificant(value)} ${quoteCurrency}`);
  return (
    <div className="trade-preview" data-testid="trade-preview">
      <Line label={t('form.notional')} value={quoteAmount(preview?.notional)} testId="trade-preview-notional" />
      <Line label={t('form.fee')} value={quoteAmount(preview?.fee)} testId="trade-preview-fee" />
      <Line label={t('form.hold')} value={preview ? `${formatSignificant(preview.hold.amountDecimal)} ${preview.hold.asset}` : '--'} testId="trade-preview-hold" />
      {draft.side === 'sell' ? <Line label={t('form.receive')} value={quoteAmount(preview?.receive.amountDecimal)} testId="trade-preview-receive" /> : null}
      {draft.type === 'market' ? <p className="trade-preview__note muted">{t('form.estimateNote', { price: formatDecimal(lastPrice) })}</p> : null}
    </div>
  );
}

/** Issues worth showing while the user types; an empty field only matters on submit. */
const LIVE_ISSUES = new Set<DraftIssue>(['priceInvalid', 'priceOffTick', 'noMarketPrice', 'amountInvalid', 'amountOffLot', 'tooLarge', 'belowMinNotional', 'insufficientBalance']);

export const isLiveIssue = (issue: DraftIssue | null): issue is DraftIssue => issue !== null && LIVE_ISSUES.has(issue);
