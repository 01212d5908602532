import { Avatar, Tag } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../shared/session.ts';
import type { UserInfo, WalletList } from './api.ts';
import { MASK } from './amounts.ts';
import { formatAmount, withFiatSymbol } from '../../shared/format.ts';

function VerificationBadge({ verification }: { verification: UserInfo['verification'] }) {
  const { t } = useTranslation('common');
  if (verification.level > 0) {
    return (
      <Tag className="assets-badge assets-badge--verified" fill="outline">
        {t(`verification.levels.${verification.level}`)}
      </Tag>
    );
  }
  const state = verification.state === 'review' ? 'review' : 'none';
  return (
    <Tag className="assets-badge" fill="outline">
      {t(`verification.states.${state}`)}
    </Tag>
  );
}

interface Props {
  wallet: WalletList | undefined;
  user: UserInfo | undefined;
  hidden: boolean;
  onToggleHidden(): void;
}

/** Who is signed in, and everything they hold in USDT and in their fiat. */
export function AssetsSummary({ wallet, user, hidden, onToggleHidden }: Props) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const { fiat } = useSession();
  return (
    <section className="assets-card">
      <button type="button" className="assets-profile" onClick={() => navigate('/pages/setting/setting')} data-testid="assets-profile">
        <Avatar src={user?.head_portrait ?? ''} className="assets-profile__avatar" />
        <span className="assets-profile__text">
          <span className="assets-profile__name">{user?.nickname || user?.account || ''}</span>
          {user ? <VerificationBadge verification={user.verification} /> : null}
        </span>
        <RightOutline className="assets-profile__arrow" />
      </button>
      <div className="assets-total">
        <div className="assets-total__label">
          {t('summary.total')}
          <button type="button" className="assets-eye" onClick={onToggleHidden} aria-label={hidden ? t('summary.show') : t('summary.hide')} aria-pressed={hidden} data-testid="assets-eye">
            {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        <div className="assets-total__value" data-testid="assets-total">
          {wallet ? (hidden ? MASK : formatAmount(wallet.total_usdt)) : '--'}
          <span className="assets-total__unit">USDT</span>
        </div>
        <div className="assets-total__fiat" data-testid="assets-fiat">
          ≈ {withFiatSymbol(wallet && !hidden ? formatAmount(wallet.total_fiat) : MASK, { symbol: fiat.symbol, code: fiat.currency_code })}
          <span className="assets-total__code">{fiat.currency_code}</span>
        </div>
      </div>
    </section>
  );
}
