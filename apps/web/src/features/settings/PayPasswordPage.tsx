import { codeRule, passwordRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, NoticeBar, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SendCodeButton } from '../../shared/ui/SendCodeButton.tsx';
import { refreshUser, settingsApi, type UserInfo, useUserInfo } from './api.ts';
import { confirmRule, TestIdInput, toastMessage } from './components.tsx';
import { SecondFactorField, secondFactorValue } from '../../shared/ui/SecondFactorField.tsx';

interface PayPasswordValues {
  password: string;
  re_password: string;
  code: string;
  two_factor_code?: string;
}

/** Sets or changes the fund password, confirmed by a "safe" code sent to the bound email (or phone). */
export default function PayPasswordPage() {
  const { t } = useTranslation('settings');
  const { data: user } = useUserInfo();
  const title = user?.has_pay_password ? t('payPassword.changeTitle') : t('payPassword.setTitle');
  return (
    <>
      <PageHeader title={user ? title : ''} fallback="/pages/setting/security" />
      {user ? <PayPasswordForm user={user} /> : <Skeleton.Paragraph lineCount={6} animated className="content-skeleton" />}
    </>
  );
}

function PayPasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [form] = Form.useForm<PayPasswordValues>();
  // The code goes to the bound email; accounts with only a phone get it by SMS.
  const channel = user.masked_email ? 'email' : user.masked_phone ? 'sms' : null;
  const address = user.masked_email ?? (user.masked_phone ? `+${user.area_code ?? '86'} ${user.masked_phone}` : null);

  const sendCode = () => (channel === 'sms' ? settingsApi.sendSmsCode('safe', undefined, user.area_code ?? '86') : settingsApi.sendEmailCode('safe'));

  const save = useMutation({
    mutationFn: (values: PayPasswordValues) =>
      settingsApi.setPayPassword({ password: values.password, re_password: values.re_password, code: values.code.trim(), ...secondFactorValue(values.two_factor_code) }),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshUser();
      if (window.history.state && window.history.state.idx > 0) navigate(-1);
      else navigate('/pages/setting/security', { replace: true });
    },
  });

  return (
    <>
      {user.verification.level === 0 ? (
        <NoticeBar
          color="alert"
          wrap
          className="settings-notice"
          data-testid="pay-password-verify-hint"
          content={
            <span>
              {t('payPassword.needVerification')}{' '}
              <Link to="/pages/setting/real" className="settings-notice__link">
                {t('payPassword.goVerify')}
              </Link>
            </span>
          }
        />
      ) : null}
      <div className="settings-intro muted">{t('payPassword.hint')}</div>
      <Form
        form={form}
        layout="vertical"
      requiredMarkStyle="none"
        mode="card"
        onFinish={(values: PayPasswordValues) => save.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending} disabled={channel === null} data-testid="pay-password-submit">
            {t('shell:actions.confirm')}
          </Button>
        }
      >
        <Form.Item name="password" label={t('payPassword.password')} rules={[zodRule(passwordRule, undefined, 'password')]}>
          <TestIdInput testId="pay-password-new" type="password" placeholder={t('payPassword.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="re_password" label={t('payPassword.confirm')} dependencies={['password']} rules={[confirmRule(form, 'password', 're_password')]}>
          <TestIdInput testId="pay-password-confirm" type="password" placeholder={t('payPassword.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('payPassword.code')}
          rules={[zodRule(codeRule, undefined, 'code')]}
          extra={<SendCodeButton onSend={sendCode} disabled={channel === null} />}
          description={address ? t('payPassword.codeTo', { address }) : t('payPassword.noAddress')}
        >
          <TestIdInput testId="pay-password-code" placeholder={t('payPassword.codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <SecondFactorField enabled={user.two_factor_enabled} />
      </Form>
    </>
  );
}
