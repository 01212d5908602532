import { userStringRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { authApi, completeSignIn } from './api.ts';

interface LoginValues {
  user_string: string;
  password: string;
}

/** Only in-app paths are followed after login, never an outside address. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSiteConfig().data?.settings;
  const login = useMutation({
    mutationFn: async (values: LoginValues) => completeSignIn(await authApi.login(values.user_string.trim(), values.password)),
    onSuccess: () => navigate(safeRedirect(params.get('redirect')), { replace: true }),
  });

  return (
    <>
      <PageHeader title={t('login.title')} />
      <div className="auth-hero">
        {site?.site_logo ? <img src={site.site_logo} alt="" className="auth-hero__logo" /> : null}
        <h1 className="auth-hero__title">{t('login.welcome', { site: site?.site_name ?? 'OpenBourse' })}</h1>
      </div>
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
      <div className="auth-links">
        <Link to="/pages/setting/password?mode=forget">{t('login.forgot')}</Link>
        <Link to="/pages/common/register" data-testid="to-register">
          {t('login.toRegister')}
        </Link>
      </div>
    </>
  );
}
