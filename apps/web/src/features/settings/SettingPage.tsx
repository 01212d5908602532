import { LANGUAGES } from '@openbourse/i18n';
import { Avatar, Button, List } from 'antd-mobile';
import {
  BankcardOutline,
  CheckShieldOutline,
  CompassOutline,
  EnvironmentOutline,
  GlobalOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  SetOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { version } from '../../../package.json';
import { queryClient } from '../../shared/api/queries.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { session, useSession } from '../../shared/session.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { settingsApi, type UserInfo, useUserInfo } from './api.ts';
import { toastMessage, VerificationBadge, verificationText } from './components.tsx';
import { FiatPopup, LanguagePopup } from './preference-pickers.tsx';

/** Settings (visitors too): profile, preferences, help pages, version and logout. */
export default function SettingPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { token, user: storedUser, lang, fiat } = useSession();
  const info = useUserInfo();
  const user = token ? ((info.data ?? storedUser) as Partial<UserInfo> | null) : null;
  const [popup, setPopup] = useState<'language' | 'fiat' | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    try {
      toastMessage(await settingsApi.logout());
    } catch {
      // The token may already be gone on the server; signing out here is what matters.
    } finally {
      session.clear();
      queryClient.clear();
      setLoggingOut(false);
      navigate(ROUTES.login, { replace: true });
    }
  };

  const languageName = LANGUAGES.find((language) => language.code === lang)?.nativeName ?? lang;

  return (
    <>
      <PageHeader title={t('setting.title')} />
      {user ? (
        <button type="button" className="settings-profile" onClick={() => navigate('/pages/setting/userInfo')} data-testid="setting-profile">
          <Avatar src={user.head_portrait ?? ''} className="settings-profile__avatar" />
          <div className="settings-profile__body">
            <div className="settings-profile__name" data-testid="setting-nickname">
              {user.nickname || user.account || user.email || user.phone}
            </div>
            <div className="settings-profile__account muted">{user.account ?? user.email ?? user.phone}</div>
            {user.verification ? <VerificationBadge verification={user.verification} /> : null}
          </div>
        </button>
      ) : (
        <div className="settings-profile settings-profile--guest" data-testid="setting-guest">
          <Avatar src="" className="settings-profile__avatar" />
          <div className="settings-profile__body">
            <div className="settings-profile__name">{t('setting.guestTitle')}</div>
            <div className="settings-profile__account muted">{t('setting.guestHint')}</div>
            <div className="settings-profile__actions">
              <Button size="small" color="primary" onClick={() => navigate(ROUTES.login)} data-testid="setting-login">
                {t('shell:actions.login')}
              </Button>
              <Button size="small" fill="outline" onClick={() => navigate(ROUTES.register)} data-testid="setting-register">
                {t('shell:actions.register')}
              </Button>
            </div>
          </div>
        </div>
      )}

      {user ? (
        <List className="settings-list" mode="card">
          <List.Item prefix={<UserOutline />} onClick={() => navigate('/pages/setting/userInfo')} data-testid="setting-userInfo">
            {t('setting.userInfo')}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => navigate('/pages/setting/security')} data-testid="setting-security">
            {t('setting.security')}
          </List.Item>
          <List.Item
            prefix={<CheckShieldOutline />}
            onClick={() => navigate('/pages/setting/real')}
            extra={user.verification ? verificationText(user.verification) : null}
            data-testid="setting-real"
          >
            {t('setting.real')}
          </List.Item>
        </List>
      ) : null}

      {user ? (
        <List className="settings-list" mode="card">
          <List.Item prefix={<EnvironmentOutline />} onClick={() => navigate('/pages/setting/wallet')} data-testid="setting-wallet">
            {t('setting.wallet')}
          </List.Item>
          <List.Item prefix={<BankcardOutline />} onClick={() => navigate('/pages/setting/bank')} data-testid="setting-bank">
            {t('setting.bank')}
          </List.Item>
          <List.Item prefix={<BankcardOutline />} onClick={() => navigate('/pages/setting/bank_international')} data-testid="setting-bank-international">
            {t('setting.bankInternational')}
          </List.Item>
        </List>
      ) : null}

      <List className="settings-list" mode="card">
        <List.Item prefix={<GlobalOutline />} onClick={() => setPopup('language')} extra={<span data-testid="setting-language-value">{languageName}</span>} data-testid="setting-language">
          {t('setting.language')}
        </List.Item>
        <List.Item prefix={<PayCircleOutline />} onClick={() => setPopup('fiat')} extra={`${fiat.currency_code} (${fiat.symbol})`} data-testid="setting-fiat">
          {t('setting.fiat')}
        </List.Item>
      </List>

      <List className="settings-list" mode="card">
        <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate('/pages/common/faq')}>
          {t('setting.faq')}
        </List.Item>
        <List.Item prefix={<MessageOutline />} onClick={() => navigate('/pages/common/contactus')}>
          {t('setting.contactUs')}
        </List.Item>
        <List.Item prefix={<InformationCircleOutline />} onClick={() => navigate('/pages/common/aboutus')}>
          {t('setting.aboutUs')}
        </List.Item>
        <List.Item prefix={<CompassOutline />} onClick={() => navigate('/pages/setting/operational_compliance')}>
          {t('setting.compliance')}
        </List.Item>
        <List.Item prefix={<SetOutline />} extra={`v${version}`} arrowIcon={false} data-testid="setting-version">
          {t('setting.version')}
        </List.Item>
      </List>

      {user ? (
        <div className="form-actions">
          <Button block size="large" className="settings-logout" loading={loggingOut} onClick={logout} data-testid="logout">
            {t('shell:actions.logout')}
          </Button>
        </div>
      ) : null}

      <LanguagePopup visible={popup === 'language'} onClose={() => setPopup(null)} />
      <FiatPopup visible={popup === 'fiat'} onClose={() => setPopup(null)} />
    </>
  );
}
