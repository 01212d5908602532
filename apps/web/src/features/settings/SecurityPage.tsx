import { codeRule, emailRule, isMobileFor } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, List, NoticeBar, Popup, Skeleton, Tag } from 'antd-mobile';
import { EyeInvisibleOutline, KeyOutline, LockOutline, MailOutline, PhonebookOutline, CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { t as translate } from '../../shared/i18n/index.ts';
import { useStore } from '../../shared/store.ts';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SendCodeButton } from '../../shared/ui/SendCodeButton.tsx';
import { areaStore } from '../../shared/area-store.ts';
import { formatDateTime } from '../../shared/time.ts';
import { AntiPhishingPanel } from './AntiPhishingPanel.tsx';
import { refreshUser, settingsApi, useSecurityOverview, useUserInfo } from './api.ts';
import { TestIdInput, toastMessage } from './components.tsx';
import { LoginHistoryList, SessionList } from './DeviceLists.tsx';
import { SecondFactorField, secondFactorValue } from '../../shared/ui/SecondFactorField.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';
import './security.css';

type Binding = 'mobile' | 'email';
type Panel = 'twoFactor' | 'antiPhishing';

/**
 * Bound email and phone, the two passwords, two-factor and the anti-phishing
 * code, the devices logged in and the login history. The forms open in a
 * popup named in the address (?bind=mobile, ?panel=twoFactor), so coming back
 * from the area picker reopens the form.
 */
export default function SecurityPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const { data: overview } = useSecurityOverview();
  const [params, setParams] = useSearchParams();
  const bind = params.get('bind');
  const panel = params.get('panel');
  const open = (binding: Binding) => setParams({ bind: binding }, { replace: true });
  const openPanel = (name: Panel) => setParams({ panel: name }, { replace: true });
  const close = () => setParams({}, { replace: true });

  if (!user || !overview) {
    return (
      <>
        <PageHeader title={t('security.title')} fallback="/pages/setting/setting" />
        <Skeleton.Paragraph lineCount={6} animated className="content-skeleton" />
      </>
    );
  }

  const bindButton = (binding: Binding) => (
    <Button size="mini" color="primary" fill="outline" onClick={() => open(binding)} data-testid={`bind-${binding}`}>
      {t('security.bind')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('security.title')} fallback="/pages/setting/setting" />
      <List className="settings-list" mode="card" header={t('security.bindings')}>
        <List.Item
          prefix={<MailOutline />}
          extra={user.masked_email ? <span data-testid="security-email">{user.masked_email}</span> : bindButton('email')}
          arrowIcon={false}
          description={user.masked_email ? null : t('security.emailMissing')}
        >
          {t('security.email')}
        </List.Item>
        <List.Item
          prefix={<PhonebookOutline />}
          extra={user.masked_phone ? <span data-testid="security-phone">{`+${user.area_code ?? '86'} ${user.masked_phone}`}</span> : bindButton('mobile')}
          arrowIcon={false}
          description={user.masked_phone ? null : t('security.phoneMissing')}
        >
          {t('security.phone')}
        </List.Item>
      </List>
      <List className="settings-list" mode="card" header={t('security.passwords')}>
        <List.Item prefix={<LockOutline />} onClick={() => navigate('/pages/setting/password')} extra={t('security.change')} data-testid="security-password">
          {t('security.loginPassword')}
        </List.Item>
        <List.Item
          prefix={<KeyOutline />}
          onClick={() => navigate('/pages/setting/payPassword')}
          extra={<span className={user.has_pay_password ? undefined : 'gold'}>{user.has_pay_password ? t('security.set') : t('security.notSet')}</span>}
          description={t('security.payPasswordHint')}
          data-testid="security-pay-password"
        >
          {t('security.payPassword')}
        </List.Item>
      </List>
      <List className="settings-list" mode="card" header={t('security.protection')}>
        <List.Item
          prefix={<CheckShieldOutline />}
          onClick={() => openPanel('twoFactor')}
          extra={
            <Tag color={overview.two_factor_enabled ? 'success' : 'default'} fill="outline" data-testid="two-factor-state" data-enabled={overview.two_factor_enabled}>
              {overview.two_factor_enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Tag>
          }
          description={overview.two_factor_enabled ? t('twoFactor.codesLeft', { count: overview.recovery_codes_left }) : t('twoFactor.offHint')}
          data-testid="security-two-factor"
        >
          {t('twoFactor.title')}
        </List.Item>
        <List.Item
          prefix={<EyeInvisibleOutline />}
          onClick={() => openPanel('antiPhishing')}
          extra={
            overview.anti_phishing_code ? (
              <span data-testid="anti-phishing-code">{overview.anti_phishing_code}</span>
            ) : (
              <span className="gold">{t('security.notSet')}</span>
            )
          }
          description={t('antiPhishing.hint')}
          data-testid="security-anti-phishing"
        >
          {t('antiPhishing.title')}
        </List.Item>
      </List>
      {overview.withdrawals_locked_until ? (
        <NoticeBar
          color="info"
          wrap
          className="settings-notice"
          data-testid="security-change-hold"
          content={t('security.changeHold', { time: formatDateTime(overview.withdrawals_locked_until) })}
        />
      ) : null}
      <SessionList />
      <LoginHistoryList />

      <Popup visible={bind === 'mobile' && !user.masked_phone} onMaskClick={close} bodyClassName="settings-popup" destroyOnClose>
        <div className="settings-popup__title">{t('security.bindPhoneTitle')}</div>
        <BindMobileForm twoFactor={user.two_factor_enabled} onDone={close} />
      </Popup>
      <Popup visible={bind === 'email' && !user.masked_email} onMaskClick={close} bodyClassName="settings-popup" destroyOnClose>
        <div className="settings-popup__title">{t('security.bindEmailTitle')}</div>
        <BindEmailForm twoFactor={user.two_factor_enabled} onDone={close} />
      </Popup>
      <Popup visible={panel === 'twoFactor'} bodyClassName="settings-popup settings-popup--tall" destroyOnClose>
        <TwoFactorPanel overview={overview} onDone={close} />
        <div className="settings-popup__close">
          <Button fill="none" onClick={close} data-testid="panel-close">
            {t('shell:actions.close')}
          </Button>
        </div>
      </Popup>
      <Popup visible={panel === 'antiPhishing'} onMaskClick={close} bodyClassName="settings-popup" destroyOnClose>
        <div className="settings-popup__title">{t('antiPhishing.title')}</div>
        <AntiPhishingPanel overview={overview} onDone={close} />
      </Popup>
    </>
  );
}

/** What was typed before a trip to the area picker. */
const mobileDraft = { mobile: '' };

interface BindProps {
  /** The user has two-factor on: the form asks for the code too. */
  twoFactor: boolean;
  onDone(): void;
}

function BindMobileForm({ twoFactor, onDone }: BindProps) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const area = useStore(areaStore);
  const [form] = Form.useForm<{ mobile: string; code: string; two_factor_code?: string }>();

  const mobileRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(translate('common:validation.required', { field: translate('common:fields.mobile') }));
      if (!isMobileFor(area.callingCode, value.trim())) throw new Error(translate('common:validation.mobile'));
    },
  };

  const sendCode = async () => {
    const values = await form.validateFields(['mobile']);
    return settingsApi.sendSmsCode('bind', String(values.mobile).trim(), area.callingCode);
  };

  const submit = useMutation({
    mutationFn: (values: { mobile: string; code: string; two_factor_code?: string }) =>
      settingsApi.bindMobile({ mobile: values.mobile.trim(), code: values.code.trim(), area_code: area.callingCode, ...secondFactorValue(values.two_factor_code) }),
    onSuccess: async (message) => {
      toastMessage(message);
      mobileDraft.mobile = '';
      await refreshUser();
      onDone();
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      requiredMarkStyle="none"
      initialValues={{ mobile: mobileDraft.mobile }}
      onValuesChange={(_, values) => {
        mobileDraft.mobile = values.mobile ?? '';
      }}
      onFinish={(values: { mobile: string; code: string }) => submit.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending} data-testid="bind-mobile-submit">
          {t('security.bindSubmit')}
        </Button>
      }
    >
      <Form.Item label={t('security.area')} onClick={() => navigate('/pages/common/area')} arrowIcon>
        <span data-testid="area-code">+{area.callingCode}</span>
      </Form.Item>
      <Form.Item name="mobile" label={t('security.phone')} rules={[mobileRule]}>
        <TestIdInput testId="bind-mobile-input" placeholder={t('security.mobilePlaceholder')} type="tel" autoComplete="tel" clearable />
      </Form.Item>
      <Form.Item name="code" label={t('security.code')} rules={[zodRule(codeRule, undefined, 'code')]} extra={<SendCodeButton onSend={sendCode} />}>
        <TestIdInput testId="bind-mobile-code" placeholder={t('security.codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
      </Form.Item>
      <SecondFactorField enabled={twoFactor} />
    </Form>
  );
}

function BindEmailForm({ twoFactor, onDone }: BindProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<{ email: string; code: string; two_factor_code?: string }>();

  const sendCode = async () => {
    const values = await form.validateFields(['email']);
    return settingsApi.sendEmailCode('bind', String(values.email).trim().toLowerCase());
  };

  const submit = useMutation({
    mutationFn: (values: { email: string; code: string; two_factor_code?: string }) =>
      settingsApi.bindEmail({ email: values.email.trim().toLowerCase(), code: values.code.trim(), ...secondFactorValue(values.two_factor_code) }),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshUser();
      onDone();
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      requiredMarkStyle="none"
      onFinish={(values: { email: string; code: string }) => submit.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending} data-testid="bind-email-submit">
          {t('security.bindSubmit')}
        </Button>
      }
    >
      <Form.Item name="email" label={t('security.email')} rules={[zodRule(emailRule, undefined, 'email')]}>
        <TestIdInput testId="bind-email-input" placeholder={t('security.emailPlaceholder')} type="email" autoComplete="email" clearable />
      </Form.Item>
      <Form.Item name="code" label={t('security.code')} rules={[zodRule(codeRule, undefined, 'code')]} extra={<SendCodeButton onSend={sendCode} />}>
        <TestIdInput testId="bind-email-code" placeholder={t('security.codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
      </Form.Item>
      <SecondFactorField enabled={twoFactor} />
    </Form>
  );
}
