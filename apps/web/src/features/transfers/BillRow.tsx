import { dec } from '@openbourse/core';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Tone } from '../../shared/ui/Amount.tsx';
import type { Bill } from './api.ts';

/**
 * One posting: what it was (in the reader's language), which account, the
 * signed amount and the balance after it. An informational row (the rebate a
 * fee paid to the inviter) shows its amount without sign or colour and says
 * that the balance did not change.
 */
export function BillRow({ bill }: { bill: Bill }) {
  const { t } = useTranslation('funds');
  const amount = formatSignificant(bill.amount.replace('-', ''));
  return (
    <article className={`transfers-row${bill.informational ? ' transfers-row--info' : ''}`} data-testid="bill" data-informational={bill.informational ? 'true' : undefined}>
      <div className="transfers-row__main">
        <span className="transfers-row__title" data-testid="bill-type">
          {bill.type_name}
          {bill.bucket === 'frozen' ? (
            <Tag className="transfers-tag" fill="outline">
              {t('bills.frozen')}
            </Tag>
          ) : null}
        </span>
        <span className="transfers-row__amount" data-testid="bill-amount">
          {bill.informational ? (
            `${amount} ${bill.currency}`
          ) : (
            <Tone value={bill.amount}>
              {dec(bill.amount).isNegative() ? '−' : '+'}
              {amount} {bill.currency}
            </Tone>
          )}
        </span>
      </div>
      <div className="transfers-row__sub">
        <span>{bill.account_name}</span>
        <span>{bill.balance_after === null ? t('bills.informational') : t('bills.balanceAfter', { amount: formatSignificant(bill.balance_after), currency: bill.currency })}</span>
      </div>
      <div className="transfers-row__sub">
        <span>{formatDateTime(bill.created_at)}</span>
      </div>
    </article>
  );
}
