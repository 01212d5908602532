import type { InstrumentDef } from '@openbourse/core';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../../shared/format.ts';
import type { Quote } from '../../../shared/market/quotes.ts';
import { DecimalField } from '../../../shared/trading/DecimalField.tsx';
import { usePairBalances, usePlaceTpsl } from '../api.ts';
import { type TpslDraft, tpslIssue } from '../tpsl.ts';

const EMPTY: TpslDraft = { amount: '', takeProfit: '', stopLoss: '' };

/**
 * Take profit and stop loss on the pair's holdings: each leg sells at market
 * when the feed price reaches it, and the other leg is cancelled with it.
 */
export function TpslPopup({ quote, def, visible, onClose }: { quote: Quote; def: InstrumentDef; visible: boolean; onClose(): void }) {
  const { t } = useTranslation('trade');
  const [draft, setDraft] = useState<TpslDraft>(EMPTY);
  const balances = usePairBalances(quote);
  const place = usePlaceTpsl(quote);
  const available = balances.data?.base.available;
  const issue = tpslIssue(draft, def, quote.price, available);
  const change = (patch: Partial<TpslDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = () => {
    if (issue) {
      toast(t(`tpsl.issues.${issue}`, { price: formatDecimal(quote.price), lot: def.lotSize }));
      return;
    }
    place.mutate(draft, {
      onSuccess: () => {
        toast(t('tpsl.placed'));
        setDraft(EMPTY);
        onClose();
      },
    });
  };
  const shownIssue = issue === 'amountMissing' || issue === 'needOne' ? null : issue;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="trade-tpsl" destroyOnClose>
      <div className="trade-tpsl__body" data-testid="tpsl-popup">
        <h2 className="trade-tpsl__title">{t('tpsl.title', { base: quote.base })}</h2>
        <p className="trade-tpsl__hint muted">{t('tpsl.hint')}</p>
        <div className="trade-tpsl__available">
          <span className="muted">{t('form.available')}</span>
          <span>{available === undefined ? '--' : `${formatSignificant(available)} ${quote.base}`}</span>
        </div>
        <DecimalField label={t('form.amount', { currency: quote.base })} value={draft.amount} step={def.lotSize} onChange={(amount) => change({ amount })} testId="tpsl-amount" />
        <DecimalField label={t('tpsl.takeProfit', { currency: quote.quote })} value={draft.takeProfit} step={def.tickSize} onChange={(takeProfit) => change({ takeProfit })} testId="tpsl-take-profit" />
        <DecimalField label={t('tpsl.stopLoss', { currency: quote.quote })} value={draft.stopLoss} step={def.tickSize} onChange={(stopLoss) => change({ stopLoss })} testId="tpsl-stop-loss" />
        {shownIssue ? (
          <p className="trade-form__issue" role="alert" data-testid="tpsl-issue">
            {t(`tpsl.issues.${shownIssue}`, { price: formatDecimal(quote.price), lot: def.lotSize })}
          </p>
        ) : null}
        <Button block color="primary" className="trade-tpsl__submit" loading={place.isPending} onClick={submit} data-testid="tpsl-submit">
          {t('tpsl.submit')}
        </Button>
      </div>
    </Popup>
  );
}
