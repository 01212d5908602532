import { Button, Popup, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { toast } from '../../shared/api/request.ts';
import { useSmallBalances, useSweepSmallBalances } from './api.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** What the small-balance sweep would convert, at which value, into how much USDT; and the sweep itself. */
export function SmallBalancesPopup({ open, onClose }: Props) {
  const { t } = useTranslation('assets');
  const balances = useSmallBalances(open);
  const sweep = useSweepSmallBalances();
  const data = balances.data;
  const waiting = data?.next_allowed_at ?? null;

  const convert = () =>
    sweep.mutate(undefined, {
      onSuccess: (result) => {
        toast(t('small.done', { amount: formatSignificant(result.total_receive) }));
        onClose();
      },
    });

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="assets-small" destroyOnClose>
      <div className="assets-small__title">{t('small.title')}</div>
      <div className="assets-small__body" data-testid="small-balances">
        <p className="assets-small__intro muted">{t('small.intro', { threshold: formatDecimal(data?.threshold_usdt ?? '1'), fee: data ? `${formatDecimal(String(data.fee_bps / 100))}%` : '' })}</p>
        {!data ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : data.items.length === 0 ? (
          <div className="assets-small__empty muted" data-testid="small-balances-empty">
            {t('small.empty')}
          </div>
        ) : (
          <ul className="assets-small__list">
            {data.items.map((item) => (
              <li key={`${item.account.code}-${item.currency_id}`} className="assets-small__item" data-testid={`small-balance-${item.currency}-${item.account.code}`}>
                <span className="assets-small__coin">
                  {item.icon ? <img src={item.icon} alt="" className="assets-small__icon" /> : null}
                  <span>
                    <span className="assets-small__symbol">{item.currency}</span>
                    <span className="assets-small__account muted">{item.account.name}</span>
                  </span>
                </span>
                <span className="assets-small__amounts">
                  <span>{formatSignificant(item.amount)}</span>
                  <span className="muted">≈ {formatSignificant(item.receive)} USDT</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {data && data.items.length > 0 ? (
          <div className="assets-small__total" data-testid="small-balances-total">
            {t('small.total', { amount: formatSignificant(data.total_receive) })}
          </div>
        ) : null}
        {waiting !== null ? (
          <div className="assets-small__wait" data-testid="small-balances-wait">
            {t('small.wait', { time: formatDateTime(waiting) })}
          </div>
        ) : null}
        <Button block color="primary" size="large" disabled={!data || data.items.length === 0 || waiting !== null} loading={sweep.isPending} onClick={convert} data-testid="small-balances-convert">
          {t('small.convert')}
        </Button>
      </div>
    </Popup>
  );
}
