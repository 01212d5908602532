import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  description: string;
  onRetry: () => unknown;
  className?: string;
}

/** What a page shows when its data could not be loaded: the reason and a retry button. */
export function LoadError({ title, description, onRetry, className }: Props) {
  const { t } = useTranslation('shell');
  return (
    <ErrorBlock status="default" title={title} description={description} className={className}>
      <Button color="primary" fill="outline" onClick={() => void onRetry()}>
        {t('actions.retry')}
      </Button>
    </ErrorBlock>
  );
}
