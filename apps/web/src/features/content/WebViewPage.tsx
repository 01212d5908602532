import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Only web addresses open here; anything else (javascript:, data:) is refused. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An outside page inside the app: `?url=` and an optional `?title=`. */
export default function WebViewPage() {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const url = safeUrl(params.get('url'));
  return (
    <>
      <PageHeader title={params.get('title') ?? t('webView.title')} />
      {url ? (
        <iframe className="web-view" src={url} title={params.get('title') ?? url} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" referrerPolicy="no-referrer" />
      ) : (
        <ErrorBlock status="empty" title={t('webView.invalid')} description="" />
      )}
    </>
  );
}
