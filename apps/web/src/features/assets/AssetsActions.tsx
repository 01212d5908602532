import { Grid } from 'antd-mobile';
import { BillOutline, DownlandOutline, LoopOutline, UploadOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SwapIcon } from '../../shared/ui/SwapIcon.tsx';

const ACTIONS: { key: 'deposit' | 'withdraw' | 'transfer' | 'convert' | 'bills'; icon: ReactNode; route: string }[] = [
  { key: 'deposit', icon: <DownlandOutline />, route: '/pages/fund/select?action=recharge' },
  { key: 'withdraw', icon: <UploadOutline />, route: '/pages/fund/select?action=withdraw' },
  { key: 'transfer', icon: <span className="assets-actions__sideways"><SwapIcon /></span>, route: '/pages/fund/fundTransfer' },
  { key: 'convert', icon: <LoopOutline />, route: '/pages/fund/transfer' },
  { key: 'bills', icon: <BillOutline />, route: '/pages/setting/bill' },
];

/** Deposit, withdraw, transfer between accounts, convert between coins, and bills. */
export function AssetsActions() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  return (
    <Grid columns={5} className="assets-actions">
      {ACTIONS.map((action) => (
        <Grid.Item key={action.key} className="assets-actions__item" onClick={() => navigate(action.route)} data-testid={`assets-action-${action.key}`}>
          <span className="assets-actions__icon">{action.icon}</span>
          <span className="assets-actions__name">{t(`actions.${action.key}`)}</span>
        </Grid.Item>
      ))}
    </Grid>
  );
}
