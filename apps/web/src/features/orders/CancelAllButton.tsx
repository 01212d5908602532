import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/api/request.ts';
import { useCancelAllOrders } from '../../shared/market/orders.ts';
import type { OrdersQuery } from './OrderList.tsx';
import type { PairChoice } from './PairFilter.tsx';

interface Props {
  openOrders: OrdersQuery;
  /** The pair filter, when one is chosen. */
  pair: PairChoice | null;
  symbol: string | null;
}

/** Cancels every open order of the list (all pairs, or the filtered pair) after confirming, then says how many were cancelled. */
export function CancelAllButton({ openOrders, pair, symbol }: Props) {
  const { t } = useTranslation('orders');
  const [confirming, setConfirming] = useState(false);
  const cancelAll = useCancelAllOrders();
  const count = openOrders.data?.pages[0]?.total ?? 0;

  const confirm = async () => {
    const { cancelled } = await cancelAll.mutateAsync(pair);
    toast(cancelled === 0 ? t('cancelAll.none') : t('cancelAll.done', { count: cancelled }));
  };

  const pluralMessage = symbol ? t('cancelAll.messagePair', { count, symbol }) : t('cancelAll.message', { count });
  const message = count === 1 ? t('cancelAll.messageOne') : pluralMessage;

  return (
    <>
      <Button size="mini" fill="none" className="orders-cancel-all" disabled={count === 0} onClick={() => setConfirming(true)} data-testid="orders-cancel-all">
        {t('actions.cancelAll')}
      </Button>
      <Dialog
        visible={confirming}
        title={t('cancelAll.title')}
        content={
          <p className="orders-dialog__message" data-testid="cancel-all-dialog">
            {message}
          </p>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'keep', text: t('actions.keep') },
            { key: 'confirm', text: t('actions.cancelAll'), bold: true, danger: true, onClick: confirm },
          ],
        ]}
      />
    </>
  );
}
