import { Button, Tabs, Toast } from 'antd-mobile';
import { PicturesOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type NftMessage, nftPaths, useMessages, useMyBids, useNeedPay, usePayOrder, useReadMessage } from './api.ts';
import { Countdown } from './parts.tsx';
import './nft.css';

/** The amounts a message carries, as the server stores them ("105.000000"). */
const AMOUNT_PARAMS = new Set(['price', 'margin']);

/** A message's values with its amounts written as the app writes amounts in the reader's language ("105,00"). */
function readableParams(params: NftMessage['params']): NftMessage['params'] {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, AMOUNT_PARAMS.has(name) && typeof value === 'string' ? formatSignificant(value) : value]));
}

function MessageRow({ message }: { message: NftMessage }) {
  const { t } = useTranslation('nft');
  const read = useReadMessage();
  return (
    <button
      type="button"
      className="nft-list-row"
      style={{ width: '100%', background: 'none', border: 0, textAlign: 'left', font: 'inherit' }}
      onClick={() => (message.read ? undefined : void read.mutateAsync(message.id).catch(() => undefined))}
      data-testid={`nft-message-${message.kind}`}
    >
      <span className={`nft-list-row__main${message.read ? '' : ' nft-unread'}`}>
        {t(`messages.${message.kind}`, { code: message.code, ...readableParams(message.params) })}
        <small>
          {formatDateTime(message.time)} · {message.read ? t('messages.read') : t('messages.unread')}
        </small>
      </span>
    </button>
  );
}

/** The user's NFT activity (pages/nft/mine): messages with read state, won auctions to pay within the day, bids. */
export default function MinePage() {
  const { t } = useTranslation('nft');
  const messages = useMessages();
  const needPay = useNeedPay();
  const bids = useMyBids();
  const pay = usePayOrder();
  return (
    <>
      <PageHeader
        title={t('mine.title')}
        fallback={nftPaths.home}
        right={<HeaderLink to={nftPaths.myNft()} label={t('myNft.title')} icon={<PicturesOutline />} testId="nft-my-nft-link" />}
      />
      <div className="nft-page" data-testid="nft-mine">
        {(needPay.data ?? []).map((order) => (
          <div key={order.id} className="nft-box" data-testid={`nft-need-pay-${order.code}`}>
            <div className="nft-list-row">
              {order.item.cover ? <img src={order.item.cover} alt="" /> : null}
              <span className="nft-list-row__main">
                {order.item.title}
                <small>
                  {t('mine.toPay', { amount: `${formatSignificant(order.to_pay)} ${order.currency}`, margin: `${formatSignificant(order.margin)} ${order.currency}` })}
                </small>
                <small>
                  {t('sale.payWithin')} <Countdown to={order.payment_deadline} />
                </small>
              </span>
            </div>
            <Button block color="primary" loading={pay.isPending} onClick={() => void pay.mutateAsync(order.id).then(() => Toast.show(t('mine.paid'))).catch(() => undefined)} data-testid={`nft-pay-${order.code}`}>
              {t('mine.pay')}
            </Button>
          </div>
        ))}
        <Tabs defaultActiveKey="messages">
          <Tabs.Tab title={`${t('mine.messages')}${messages.data?.unread ? ` (${messages.data.unread})` : ''}`} key="messages">
            {(messages.data?.list ?? []).length === 0 ? <p className="nft-empty">{t('empty')}</p> : null}
            {(messages.data?.list ?? []).map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </Tabs.Tab>
          <Tabs.Tab title={t('mine.bids')} key="bids">
            {(bids.data?.list ?? []).length === 0 ? <p className="nft-empty">{t('empty')}</p> : null}
            {(bids.data?.list ?? []).map((bid) => (
              <div key={bid.id} className="nft-list-row">
                <span className="nft-list-row__main">
                  {bid.item.title}
                  <small>{formatDateTime(bid.time)}</small>
                </span>
                <strong>
                  {formatSignificant(bid.price)} {bid.currency}
                </strong>
              </div>
            ))}
          </Tabs.Tab>
        </Tabs>
      </div>
    </>
  );
}
