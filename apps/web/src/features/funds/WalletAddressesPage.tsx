import { useMutation } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { fundsApi, refreshFunds, type SavedAddress, useSavedAddresses } from './api.ts';
import './funds.css';
import { confirmOnce } from '../../shared/ui/confirm.ts';

/** The user's saved withdrawal addresses: add one, delete one. */
export default function WalletAddressesPage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const addresses = useSavedAddresses();
  return (
    <div className="funds-page">
      <PageHeader
        title={t('wallet.title')}
        fallback="/pages/setting/setting"
        right={
          <button type="button" className="funds-header-link" onClick={() => navigate('/pages/setting/addWallet')} aria-label={t('wallet.add')} data-testid="wallet-add">
            <AddOutline />
          </button>
        }
      />
      {addresses.isError ? <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => addresses.refetch()} /> : null}
      {addresses.isPending ? <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" /> : null}
      {addresses.data ? (
        <div className="funds-records" data-testid="wallet-list">
          {addresses.data.map((entry) => (
            <AddressCard key={entry.id} entry={entry} />
          ))}
          {addresses.data.length === 0 ? (
            <div className="funds-empty">
              <div className="muted">{t('wallet.empty')}</div>
              <Button color="primary" fill="outline" onClick={() => navigate('/pages/setting/addWallet')} data-testid="wallet-add-first">
                {t('wallet.add')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function AddressCard({ entry }: { entry: SavedAddress }) {
  const { t } = useTranslation('funds');
  const remove = useMutation({
    mutationFn: () => fundsApi.deleteAddress(entry.id),
    onSuccess: async (message) => {
      toast(message);
      await refreshFunds();
    },
  });
  const confirm = async () => {
    if (await confirmOnce({ content: t('wallet.deleteConfirm', { name: entry.name }), confirmText: t('wallet.delete'), cancelText: t('shell:actions.cancel') })) remove.mutate();
  };
  return (
    <article className="funds-record" data-testid={`wallet-address-${entry.id}`}>
      <header className="funds-record__head">
        <img className="funds-coin-icon" src={entry.icon} alt="" width={24} height={24} />
        <span className="funds-record__amount">{entry.name}</span>
        <span className="muted">{`${entry.currency} · ${entry.network}`}</span>
      </header>
      <div className="funds-mono funds-record__address">{entry.address}</div>
      {entry.memo ? <div className="muted">{t('withdraw.tag', { tag: entry.memo })}</div> : null}
      <div className="funds-record__actions">
        <Button size="mini" color="danger" fill="outline" loading={remove.isPending} onClick={() => void confirm()} data-testid={`wallet-delete-${entry.id}`}>
          {t('wallet.delete')}
        </Button>
      </div>
    </article>
  );
}
