import { userStringRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { LanguagePicker } from '../../shared/ui/LanguagePicker.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { authApi, completeSignIn } from './api.ts';
import './login.css';

interface LoginValues {
  user_string: string;
  password: string;
}

/** Only in-app paths are followed after login, never an outside address. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * Account and password; when the account has two-factor on, the server
 * answers a one-time challenge instead of a session and the page asks for the
 * authenticator code (or a recovery code) as a second step.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSiteConfig().data?.settings;
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = () => navigate(safeRedirect(params.get('redirect')), { replace: true });
  const login = useMutation({
    mutationFn: async (values: LoginValues) => {
      const answer = await authApi.login(values.user_string.trim(), values.password);
      if (typeof answer !== 'string') return answer.challenge;
      await completeSignIn(answer);
      return null;
    },
    onSuccess: (secondStep) => (secondStep ? setChallenge(secondStep) : signedIn()),
  });

  return (
    <>
      <PageHeader title={t('login.title')} right={<LanguagePicker />} />
      <div className="auth-hero">
        {site?.site_logo ? <img src={site.site_logo} alt="" className="auth-hero__logo" /> : null}
        <h1 className="auth-hero__title">{challenge ? t('twoFactor.title') : t('login.welcome', { site: site?.site_name ?? 'OpenBourse' })}</h1>
      </div>
      {challenge ? (
        <SecondStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />
      ) : (
        <Form
          layout="vertical"
          mode="card"
          requiredMarkStyle="none"
          onFinish={(values: LoginValues) => login.mutate(values)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={login.isPending} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          }
        >
          <Form.Item name="user_string" label={t('fields.account')} rules={[zodRule(userStringRule, undefined, 'user_string')]}>
            <Input placeholder={t('placeholders.account')} autoComplete="username" clearable data-testid="login-account" />
          </Form.Item>
          <Form.Item name="password" label={t('fields.password')} rules={[requiredRule('password')]}>
            <Input type="password" placeholder={t('placeholders.password')} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
        </Form>
      )}
      <div className="auth-links">
        <Link to="/pages/setting/password?mode=forget">{t('login.forgot')}</Link>
        <Link to="/pages/common/register" data-testid="to-register">
          {t('login.toRegister')}
        </Link>
      </div>
    </>
  );
}

function SecondStep({ challenge, onSignedIn, onBack }: { challenge: string; onSignedIn(): void; onBack(): void }) {
  const { t } = useTranslation('auth');
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const verify = useMutation({
    mutationFn: async (code: string) => completeSignIn(await authApi.loginSecondStep(challenge, code.trim())),
    onSuccess: onSignedIn,
  });
  const switchKind = () => {
    form.resetFields();
    setUseRecoveryCode((current) => !current);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      requiredMarkStyle="none"
      onFinish={(values: { code: string }) => verify.mutate(values.code)}
      footer={
        <>
          <Button block type="submit" color="primary" size="large" loading={verify.isPending} data-testid="login-2fa-submit">
            {t('twoFactor.submit')}
          </Button>
          <div className="auth-links auth-links--inline">
            <Button fill="none" color="primary" size="small" onClick={switchKind} data-testid="login-2fa-switch">
              {useRecoveryCode ? t('twoFactor.useAuthenticator') : t('twoFactor.useRecoveryCode')}
            </Button>
            <Button fill="none" size="small" onClick={onBack} data-testid="login-2fa-back">
              {t('twoFactor.back')}
            </Button>
          </div>
        </>
      }
    >
      <div className="auth-hint" data-testid="login-2fa-hint">
        {useRecoveryCode ? t('twoFactor.recoveryHint') : t('twoFactor.hint')}
      </div>
      <Form.Item
        name="code"
        label={useRecoveryCode ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        rules={[
          requiredRule('two_factor_code'),
          useRecoveryCode
            ? { pattern: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, message: t('twoFactor.recoveryFormat') }
            : { pattern: /^\d{6}$/, message: t('twoFactor.codeFormat') },
        ]}
      >
        <Input
          placeholder={useRecoveryCode ? 'XXXXX-XXXXX' : t('twoFactor.codePlaceholder')}
          inputMode={useRecoveryCode ? 'text' : 'numeric'}
          maxLength={useRecoveryCode ? 11 : 6}
          autoComplete="one-time-code"
          autoFocus
          clearable
          data-testid="login-2fa-code"
        />
      </Form.Item>
    </Form>
  );
}
