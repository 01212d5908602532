import { codeRule, isEmail, passwordRule, userStringRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { queryClient } from '../../shared/api/queries.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { session, useSession } from '../../shared/session.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SendCodeButton } from '../../shared/ui/SendCodeButton.tsx';
import { settingsApi, useUserInfo } from './api.ts';
import { confirmRule, TestIdInput, toastMessage } from './components.tsx';
import { SecondFactorField, secondFactorValue } from '../../shared/ui/SecondFactorField.tsx';

/**
 * Signed in: change the login password with the current one. A visitor, or
 * ?mode=forget: reset it with a code sent to the account's email or phone.
 * Either way the server ends every session, so the user logs in again.
 */
export default function PasswordPage() {
  const { token } = useSession();
  const [params] = useSearchParams();
  return token && params.get('mode') !== 'forget' ? <ChangePassword /> : <ResetPassword />;
}

interface ChangeValues {
  password_old: string;
  password: string;
  repassword: string;
  two_factor_code?: string;
}

function ChangePassword() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const [form] = Form.useForm<ChangeValues>();
  const change = useMutation({
    mutationFn: ({ two_factor_code, ...values }: ChangeValues) => settingsApi.changePassword({ ...values, ...secondFactorValue(two_factor_code) }),
    onSuccess: (message) => {
      session.clear();
      queryClient.clear();
      toastMessage(message);
      navigate(ROUTES.login, { replace: true });
    },
  });
  return (
    <>
      <PageHeader title={t('password.changeTitle')} fallback="/pages/setting/security" />
      <NoticeBar content={t('password.changeHint')} color="alert" wrap className="settings-notice" />
      <Form
        form={form}
        layout="vertical"
      requiredMarkStyle="none"
        mode="card"
        onFinish={(values: ChangeValues) => change.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={change.isPending} data-testid="password-submit">
            {t('password.submitChange')}
          </Button>
        }
      >
        <Form.Item name="password_old" label={t('password.oldPassword')} rules={[requiredRule('password_old')]}>
          <TestIdInput testId="password-old" type="password" placeholder={t('password.oldPasswordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.newPassword')} rules={[zodRule(passwordRule, undefined, 'password')]}>
          <TestIdInput testId="password-new" type="password" placeholder={t('password.newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repassword" label={t('password.confirmPassword')} dependencies={['password']} rules={[confirmRule(form, 'password', 'repassword')]}>
          <TestIdInput testId="password-confirm" type="password" placeholder={t('password.confirmPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <SecondFactorField enabled={user?.two_factor_enabled === true} />
      </Form>
      <div className="settings-links">
        <Link to="/pages/setting/password?mode=forget" replace data-testid="password-forget">
          {t('password.forgot')}
        </Link>
      </div>
    </>
  );
}

interface ResetValues {
  account: string;
  code: string;
  password: string;
  repassword: string;
}

function ResetPassword() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();

  const sendCode = async () => {
    const values = await form.validateFields(['account']);
    const account = String(values.account).trim();
    return isEmail(account.toLowerCase()) ? settingsApi.sendEmailCode('forget', account.toLowerCase()) : settingsApi.sendSmsCode('forget', account, '86');
  };

  const reset = useMutation({
    mutationFn: (values: ResetValues) => {
      const account = values.account.trim();
      return settingsApi.resetPassword({ account: isEmail(account.toLowerCase()) ? account.toLowerCase() : account, code: values.code.trim(), password: values.password, repassword: values.repassword });
    },
    onSuccess: (message) => {
      // A reset ends every session, including this browser's if it was signed in.
      if (session.get().token) {
        session.clear();
        queryClient.clear();
      }
      toastMessage(message);
      navigate(ROUTES.login, { replace: true });
    },
  });

  return (
    <>
      <PageHeader title={t('password.resetTitle')} fallback={ROUTES.login} />
      <NoticeBar content={t('password.resetHint')} color="info" wrap className="settings-notice" />
      <Form
        form={form}
        layout="vertical"
      requiredMarkStyle="none"
        mode="card"
        onFinish={(values: ResetValues) => reset.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={reset.isPending} data-testid="password-submit">
            {t('password.submitReset')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('password.account')} rules={[zodRule(userStringRule, undefined, 'account')]}>
          <TestIdInput testId="password-account" placeholder={t('password.accountPlaceholder')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="code" label={t('password.code')} rules={[zodRule(codeRule, undefined, 'code')]} extra={<SendCodeButton onSend={sendCode} />}>
          <TestIdInput testId="password-code" placeholder={t('password.codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Form.Item name="password" label={t('password.newPassword')} rules={[zodRule(passwordRule, undefined, 'password')]}>
          <TestIdInput testId="password-new" type="password" placeholder={t('password.newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repassword" label={t('password.confirmPassword')} dependencies={['password']} rules={[confirmRule(form, 'password', 'repassword')]}>
          <TestIdInput testId="password-confirm" type="password" placeholder={t('password.confirmPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
      <div className="settings-links">
        <Link to={ROUTES.login} replace>
          {t('password.toLogin')}
        </Link>
      </div>
    </>
  );
}
