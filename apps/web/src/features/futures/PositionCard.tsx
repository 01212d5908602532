import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useLiveStale } from '../../shared/realtime/index.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { type FuturesOrder, useAddMargin, useCancelEntrust, useCloseFutures, useLeverDeal, useSelfHoldCopy, useSetStops } from './api.ts';
import { liquidationAfterMargin, livePosition } from './preview.ts';
import { DecimalInput } from '../../shared/ui/DecimalInput.tsx';
import { confirmOnce } from '../../shared/ui/confirm.ts';

const tone = (value: string | null) => (value === null ? 'flat' : Number(value) > 0 ? 'up' : Number(value) < 0 ? 'down' : 'flat');
const price = (value: string | null) => (value === null ? '--' : formatDecimal(value));

function StopsDialog({ order, onClose }: { order: FuturesOrder; onClose: () => void }) {
  const { t } = useTranslation('futures');
  const [takeProfit, setTakeProfit] = useState(order.take_profit ?? '');
  const [stopLoss, setStopLoss] = useState(order.stop_loss ?? '');
  const setStops = useSetStops();
  const save = async () => {
    try {
      await setStops.mutateAsync({ id: order.id, target_profit_price: takeProfit || undefined, stop_loss_price: stopLoss || undefined });
      toast(t('done.saved'));
      onClose();
    } catch {
      // The request layer has shown why; the dialog stays open with what was typed, to correct it.
    }
  };
  return (
    <Dialog
      visible
      title={t('action.setStops')}
      content={
        <div className="futures-dialog">
          <div className="futures-field">
            <span>{t('field.takeProfit')}</span>
            <DecimalInput value={takeProfit} onChange={setTakeProfit} data-testid="futures-stops-tp" />
          </div>
          <div className="futures-field">
            <span>{t('field.stopLoss')}</span>
            <DecimalInput value={stopLoss} onChange={setStopLoss} data-testid="futures-stops-sl" />
          </div>
          <Facts className="futures-dialog__facts" facts={[order.liquidation_price ? { label: t('field.liquidation'), value: price(order.liquidation_price) } : null]} />
        </div>
      }
      onClose={onClose}
      actions={[[{ key: 'cancel', text: t('shell:actions.cancel'), onClick: onClose }, { key: 'save', text: t('action.save'), bold: true, onClick: save }]]}
    />
  );
}

/** Adds margin, previewing the liquidation price it moves to (core, as the server will compute it). */
function MarginDialog({ order, onClose }: { order: FuturesOrder; onClose: () => void }) {
  const { t } = useTranslation('futures');
  const [amount, setAmount] = useState('');
  const addMargin = useAddMargin();
  // What can be added: the lever account's available balance (asked when the dialog opens).
  const deal = useLeverDeal(order.currency_id, order.legal_id);
  const moved = liquidationAfterMargin(order, amount);
  const save = async () => {
    try {
      await addMargin.mutateAsync({ id: order.id, amount });
      toast(t('done.saved'));
      onClose();
    } catch {
      // The request layer has shown why; the dialog stays open with the amount, to correct it.
    }
  };
  return (
    <Dialog
      visible
      title={t('action.addMargin')}
      content={
        <div className="futures-dialog">
          <div className="futures-field">
            <span>USDT</span>
            <DecimalInput value={amount} onChange={setAmount} data-testid="futures-margin-amount" />
          </div>
          <Facts
            className="futures-dialog__facts"
            facts={[
              { label: t('field.available'), value: deal.data ? `${formatSignificant(deal.data.available)} USDT` : '--', testId: 'futures-margin-available' },
              { label: t('field.liquidation'), value: `${price(order.liquidation_price)}${moved === null ? '' : ` → ${formatDecimal(moved)}`}`, testId: 'futures-margin-liquidation' },
            ]}
          />
        </div>
      }
      onClose={onClose}
      actions={[[{ key: 'cancel', text: t('shell:actions.cancel'), onClick: onClose }, { key: 'save', text: t('action.save'), bold: true, onClick: save }]]}
    />
  );
}

/**
 * One futures order: a live position with its actions, a waiting entrust
 * with cancel, or a closed one with the tick that closed it. While its
 * market is closed (a stock out of hours) there is no price to close at: the
 * close button waits, saying why.
 */
export function PositionCard({ order, feedPrice, marketOpen }: { order: FuturesOrder; feedPrice: string | undefined; marketOpen: boolean }) {
  const { t } = useTranslation('futures');
  const [dialog, setDialog] = useState<'stops' | 'margin' | null>(null);
  const close = useCloseFutures();
  const cancel = useCancelEntrust();
  const selfHold = useSelfHoldCopy();
  const live = order.status === 'holding' ? livePosition(order, feedPrice) : null;
  // P&L, risk and price are valued at the ticker feed: greyed while it is lost, as the trading screen's prices are.
  const stale = useLiveStale('tickers');
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast(done);
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <article className="futures-card" data-testid={`futures-order-${order.id}`} data-status={order.status} data-stale={live !== null && stale}>
      <header className="futures-card__head">
        <span className={`futures-badge futures-badge--${order.side}`}>{t(`side.${order.side}`)}</span>
        <strong>{order.symbol}</strong>
        <span className="futures-card__meta">
          ×{order.multiple} · {t('field.lotsCount', { count: order.lots })}
        </span>
        {order.status === 'entrusted' || order.status === 'cancelled' ? <span className="futures-card__status">{t(`status.${order.status}`)}</span> : null}
        {order.close ? <span className="futures-card__status" data-testid="futures-close-reason">{t(`reason.${order.close.reason}`)}</span> : null}
        {order.copy ? (
          <span className={`gold-tag ${order.copy.linked ? '' : 'gold-tag--muted'}`} data-testid="futures-copy-mark" data-linked={String(order.copy.linked)}>
            {order.copy.linked ? t('copy.linked', { nickname: order.copy.trader_nickname }) : t('copy.selfHeld')}
          </span>
        ) : null}
      </header>
      {live ? (
        <Facts
          facts={[
            {
              label: t('field.pnl'),
              value: (
                <span className={`futures-tone--${tone(live.pnl)}`} data-testid="futures-live-pnl" data-live>
                  {live.pnl === null ? '--' : `${formatSignificant(live.pnl)} USDT`}
                </span>
              ),
              strong: true,
            },
            { label: t('field.riskRate'), value: <span data-live>{live.riskRate === null ? '--' : `${formatDecimal(live.riskRate)}%`}</span> },
            { label: t('field.openPrice'), value: price(order.open_price) },
            { label: t('field.currentPrice'), value: <span data-live>{price(feedPrice ?? order.feed_price)}</span> },
            { label: t('field.liquidation'), value: price(live.liquidation), testId: 'futures-card-liquidation' },
            { label: t('field.margin'), value: `${formatSignificant(order.margin)} USDT` },
            order.take_profit ? { label: t('field.pnlAtTp'), value: `${price(order.take_profit)} → ${formatSignificant(order.pnl_at_take_profit ?? '0')} USDT` } : null,
            order.stop_loss ? { label: t('field.pnlAtSl'), value: `${price(order.stop_loss)} → ${formatSignificant(order.pnl_at_stop_loss ?? '0')} USDT` } : null,
            order.overnight_fees !== '0.000000' ? { label: t('field.overnight'), value: `${formatSignificant(order.overnight_fees)} USDT` } : null,
          ]}
        />
      ) : null}
      {order.status === 'entrusted' ? (
        <Facts
          facts={[
            { label: t('field.price'), value: price(order.limit_price) },
            { label: t('field.entrustHold'), value: `${formatSignificant(order.entrust_hold)} USDT` },
            order.take_profit ? { label: t('field.takeProfit'), value: price(order.take_profit) } : null,
            order.stop_loss ? { label: t('field.stopLoss'), value: price(order.stop_loss) } : null,
          ]}
        />
      ) : null}
      {order.close ? (
        <Facts
          facts={[
            { label: t('field.pnl'), value: <span className={`futures-tone--${tone(order.close.pnl)}`}>{formatSignificant(order.close.pnl)} USDT</span>, strong: true, testId: 'futures-closed-pnl' },
            { label: t('field.openPrice'), value: price(order.open_price) },
            { label: t('field.closePrice'), value: price(order.close.close_price) },
            order.close.tick
              ? { label: t('field.closeTick'), value: t('field.tickValue', { id: order.close.tick.id, price: formatDecimal(order.close.tick.price), time: formatDateTime(order.close.tick.time) }), testId: 'futures-close-tick' }
              : null,
            { label: t('field.fee'), value: `${formatSignificant(order.close.fee)} USDT` },
            { label: t('field.payout'), value: `${formatSignificant(order.close.payout)} USDT`, testId: 'futures-closed-payout' },
            // A gap past the liquidation price: the loss beyond the margin is the house's, and the card says so beside the P&L the price moved.
            Number(order.close.house_absorbed) > 0 ? { label: t('field.houseAbsorbed'), value: `${formatSignificant(order.close.house_absorbed)} USDT`, testId: 'futures-house-absorbed' } : null,
            order.copy && order.copy.profit_share !== '0.000000' ? { label: t('copy.profitShare'), value: formatSignificant(order.copy.profit_share), testId: 'futures-copy-share' } : null,
          ]}
        />
      ) : null}
      {order.status === 'holding' ? (
        <div className="futures-card__actions">
          <Button size="small" fill="outline" onClick={() => setDialog('stops')} data-testid="futures-set-stops">
            {t('action.setStops')}
          </Button>
          <Button size="small" fill="outline" onClick={() => setDialog('margin')} data-testid="futures-add-margin">
            {t('action.addMargin')}
          </Button>
          <Button
            size="small"
            color="primary"
            disabled={!marketOpen}
            loading={close.isPending}
            onClick={() => {
              void confirmOnce({ content: t('confirm.close'), onConfirm: () => run(() => close.mutateAsync(order.id), t('done.closed')) });
            }}
            data-testid="futures-close"
          >
            {t('action.close')}
          </Button>
          {order.copy?.linked ? (
            <Button
              size="small"
              fill="outline"
              loading={selfHold.isPending}
              onClick={() => {
                const nickname = order.copy?.trader_nickname ?? '';
                void confirmOnce({ content: t('confirm.selfHold', { nickname }), onConfirm: () => run(() => selfHold.mutateAsync(order.id), t('done.selfHeld')) });
              }}
              data-testid="futures-self-hold"
            >
              {t('action.selfHold')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {order.status === 'holding' && !marketOpen ? (
        <p className="futures-note futures-note--closed" data-testid="futures-close-waits">
          {t('note.closeWaits')}
        </p>
      ) : null}
      {order.status === 'entrusted' ? (
        <div className="futures-card__actions">
          <Button size="small" fill="outline" onClick={() => setDialog('stops')}>
            {t('action.setStops')}
          </Button>
          <Button size="small" color="primary" loading={cancel.isPending} onClick={() => run(() => cancel.mutateAsync(order.id), t('status.cancelled'))} data-testid="futures-cancel">
            {t('action.cancel')}
          </Button>
        </div>
      ) : null}
      {dialog === 'stops' ? <StopsDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'margin' ? <MarginDialog order={order} onClose={() => setDialog(null)} /> : null}
    </article>
  );
}
