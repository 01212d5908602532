import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/request.ts';

interface Props {
  title: string;
  description: string;
  onRetry: () => unknown;
  className?: string;
  /** The query's error: when the server refused (an unknown id), its words replace the description and there is nothing to retry. */
  error?: unknown;
}

/**
 * What a page shows when its data could not be loaded: the reason and a retry
 * button. A Result, not an ErrorBlock: the block's artwork would weigh on the
 * first load of every page that merely might fail.
 */
export function LoadError({ title, description, onRetry, className, error }: Props) {
  const { t } = useTranslation('shell');
  const refusal = error instanceof ApiError && error.type === 'error' ? error.message : null;
  return (
    <div className={`load-error ${className ?? ''}`}>
      <Result status="warning" title={title} description={refusal ?? description} />
      {refusal === null && (
        <Button color="primary" fill="outline" onClick={() => void onRetry()}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}

/** A page opened without the id of what it shows (a link cut short): said plainly, with the way back, instead of loading forever. */
export function MissingItem({ backTo }: { backTo: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="load-error" data-testid="missing-item">
      <Result status="info" title={t('missing.title')} description={t('missing.description')} />
      <Button color="primary" fill="outline" onClick={() => navigate(backTo, { replace: true })}>
        {t('actions.back')}
      </Button>
    </div>
  );
}
