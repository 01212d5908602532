import { useQuery } from '@tanstack/react-query';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../api/request.ts';
import { useSession } from '../session.ts';
import './frozen-banner.css';

interface AccountFreeze {
  /** Set when an operator froze the account, with the reason they gave. */
  frozen: { at: number; reason: string } | null;
}

/**
 * A frozen account can look but not trade, transfer or withdraw: the assets
 * and trading pages say so, and why, before the user tries. It reads the
 * same /user/info the assets page shows, so the two share one request.
 */
export function FrozenBanner() {
  const { t } = useTranslation('shell');
  const { token } = useSession();
  const info = useQuery({ queryKey: ['user', 'info'], queryFn: () => api.get<AccountFreeze>('/user/info', {}, { silent: true }), enabled: Boolean(token) });
  const frozen = token ? info.data?.frozen : null;
  if (!frozen) return null;
  return <NoticeBar className="frozen-banner" color="alert" wrap content={t('frozen.notice', { reason: frozen.reason })} data-testid="account-frozen" />;
}
