import { Button, Result } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChunkFailure } from './chunk-errors.ts';

interface Props {
  failure: ChunkFailure;
  address: string;
  onRetry(): void;
}

/** Offline, the address means nothing to the user: they are told they are offline, and the page loads by itself once they are back. */
function OfflineScreen({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('shell');
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div className="chunk-error" role="alert" data-testid="chunk-offline">
      <Result status="warning" title={t('chunk.offlineTitle')} description={t('chunk.offline')} />
      <Button color="primary" block onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** Shown when a page's code could not be loaded: what went wrong, what was asked for, a way to try again and a way home. */
export function ChunkErrorScreen({ failure, address, onRetry }: Props) {
  const { t } = useTranslation('shell');
  if (failure === 'offline') return <OfflineScreen onRetry={onRetry} />;
  return (
    <div className="chunk-error" role="alert">
      <Result status="error" title={t('chunk.title')} description={t(`chunk.${failure}`)} />
      <dl className="chunk-error__details">
        <dt>{t('chunk.failureType')}</dt>
        <dd data-testid="chunk-failure">{failure}</dd>
        <dt>{t('chunk.address')}</dt>
        <dd data-testid="chunk-address">{address}</dd>
      </dl>
      <Button color="primary" block onClick={onRetry}>
        {t('actions.retry')}
      </Button>
      {/* A full reload to the home page: the router itself may be what failed to load. */}
      <Button fill="outline" block onClick={() => window.location.assign(`${import.meta.env.BASE_URL}#/`)}>
        {t('actions.goHome')}
      </Button>
    </div>
  );
}
