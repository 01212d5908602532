import { codeRule, emailRule, isMobileFor } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, List, Popup, Skeleton } from 'antd-mobile';
import { KeyOutline, LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { t as translate } from '../../shared/i18n/index.ts';
import { useStore } from '../../shared/store.ts';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SendCodeButton } from '../../shared/ui/SendCodeButton.tsx';
import { areaStore } from '../../shared/area-store.ts';
import { refreshUser, settingsApi, useUserInfo } from './api.ts';
import { TestIdInput, toastMessage } from './components.tsx';

type Binding = 'mobile' | 'email';

/**
 * Bound email and phone, and the two passwords. The bind forms open in a popup
 * named in the address (?bind=mobile), so coming back from the area picker
 * reopens the form.
 */
export default function SecurityPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const [params, setParams] = useSearchParams();
  const bind = params.get('bind');
  const open = (binding: Binding) => setParams({ bind: binding }, { replace: true });
  const close = () => setParams({}, { replace: true });

  if (!user) {
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

      <Popup visible={bind === 'mobile' && !user.masked_phone} onMaskClick={close} bodyClassName="settings-popup" destroyOnClose>
        <div className="settings-popup__title">{t('security.bindPhoneTitle')}</div>
        <BindMobileForm onDone={close} />
      </Popup>
      <Popup visible={bind === 'email' && !user.masked_email} onMaskClick={close} bodyClassName="settings-popup" destroyOnClose>
        <div className="settings-popup__title">{t('security.bindEmailTitle')}</div>
        <BindEmailForm onDone={close} />
      </Popup>
    </>
  );
}

/** What was typed before a trip to the area picker. */
const mobileDraft = { mobile: '' };

function BindMobileForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const area = useStore(areaStore);
  const [form] = Form.useForm<{ mobile: string; code: string }>();

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
    mutationFn: (values: { mobile: string; code: string }) => settingsApi.bindMobile({ mobile: values.mobile.trim(), code: values.code.trim(), area_code: area.callingCode }),
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
    </Form>
  );
}

function BindEmailForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<{ email: string; code: string }>();

  const sendCode = async () => {
    const values = await form.validateFields(['email']);
    return settingsApi.sendEmailCode('bind', String(values.email).trim().toLowerCase());
  };

  const submit = useMutation({
    mutationFn: (values: { email: string; code: string }) => settingsApi.bindEmail({ email: values.email.trim().toLowerCase(), code: values.code.trim() }),
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
    </Form>
  );
}
