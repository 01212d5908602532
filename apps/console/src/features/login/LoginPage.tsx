import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, post } from '../../shared/api.ts';
import { type Me, useSignedIn } from '../../shared/session.ts';

interface Credentials {
  email: string;
  password: string;
  code: string;
}

/** Email, password and the authenticator's current code, in one step. */
export function LoginPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      signedIn(await post<Me>('/auth/login', values));
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <Card style={{ width: 400 }}>
        <Typography.Title level={3}>{t('auth.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.intro')}</Typography.Paragraph>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<Credentials> layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, type: 'email', message: t('auth.emailRequired') }]}>
            <Input autoComplete="username" data-testid="login-email" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Form.Item name="code" label={t('auth.code')} extra={t('auth.codeHint')} rules={[{ required: true, len: 6, message: t('auth.codeRequired') }]}>
            <Input.OTP length={6} data-testid="login-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('auth.signIn')}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
          {t('auth.newOperator')}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
