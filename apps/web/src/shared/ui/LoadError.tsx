import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  description: string;
  onRetry: () => unknown;
  className?: string;
}

/**
 * What a page shows when its data could not be loaded: the reason and a retry
 * button. A Result, not an ErrorBlock: the block's artwork would weigh on the
 * first load of every page that merely might fail.
 */
export function LoadError({ title, description, onRetry, className }: Props) {
  const { t } = useTranslation('shell');
  return (
    <div className={`load-error ${className ?? ''}`}>
      <Result status="warning" title={title} description={description} />
      <Button color="primary" fill="outline" onClick={() => void onRetry()}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
