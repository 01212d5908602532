import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/api/request.ts';
import { type SpotOrder, useCancelOrder } from '../../shared/market/orders.ts';
import { formatDecimal } from '../../shared/format.ts';

interface Props {
  order: SpotOrder;
  /** Full width, for the detail page. */
  block?: boolean;
  onCancelled?: () => void;
}

/** "Buy · Limit · 0.0500 @ 99,000.00": what is about to be cancelled. */
function OrderSummaryLine({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('orders');
  const price = order.order_type === 'market' ? t('fields.market') : formatDecimal(order.price);
  return (
    <div className="orders-dialog__summary">
      <span className={`orders-side orders-side--${order.side}`}>{t(`side.${order.side}`)}</span> · {t(`type.${order.order_type}`)} · {formatDecimal(order.remaining_amount)} @ {price}
    </div>
  );
}

/** Cancels one open order after the user confirms; the lists refresh through the shared hook. */
export function CancelOrderButton({ order, block = false, onCancelled }: Props) {
  const { t } = useTranslation('orders');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();

  const confirm = async () => {
    try {
      await cancel.mutateAsync(order.id);
      toast(t('cancel.done'));
      onCancelled?.();
    } catch {
      // The request layer has already told the user why (e.g. it filled meanwhile).
    }
  };

  return (
    <>
      <Button
        size={block ? 'large' : 'small'}
        block={block}
        fill="outline"
        className="orders-cancel"
        loading={cancel.isPending}
        onClick={() => setConfirming(true)}
        data-testid={`order-cancel-${order.id}`}
      >
        {t('actions.cancel')}
      </Button>
      <Dialog
        visible={confirming}
        title={t('cancel.title')}
        content={
          <div className="orders-dialog" data-testid="cancel-dialog">
            <p className="orders-dialog__message">{t('cancel.message', { symbol: order.symbol })}</p>
            <OrderSummaryLine order={order} />
          </div>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'keep', text: t('actions.keep') },
            { key: 'confirm', text: t('actions.cancel'), bold: true, danger: true, onClick: confirm },
          ],
        ]}
      />
    </>
  );
}
