import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, post } from '../../shared/api.ts';
import { type Me, type Role, useSignedIn } from '../../shared/session.ts';

interface SetupStart {
  email: string;
  role: Role;
  secret: string;
  uri: string;
  qr: string;
}

interface SetupForm {
  password: string;
  confirm: string;
  code: string;
}

/** The one-time setup link: choose a password, scan the QR code, prove it with a code, and be signed in. */
export function SetupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = useQuery({ queryKey: ['setup', token], queryFn: () => post<SetupStart>('/auth/setup/begin', { token }), enabled: token.length > 0, staleTime: Number.POSITIVE_INFINITY });

  const finish = async (values: SetupForm) => {
    setBusy(true);
    setError(null);
    try {
      signedIn(await post<Me>('/auth/setup/finish', { token, password: values.password, code: values.code }));
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!token || start.isError) {
    return (
      <div className="auth-page">
        <Result status="warning" title={t('setup.invalidTitle')} subTitle={start.error instanceof ApiError ? start.error.message : t('setup.invalid')} />
      </div>
    );
  }
  if (!start.data) return <Spin fullscreen />;

  return (
    <div className="auth-page">
      <Card style={{ width: 720 }}>
        <Typography.Title level={3}>{t('setup.title')}</Typography.Title>
        <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
          <Typography.Text>{start.data.email}</Typography.Text>
          <Tag color="blue">{t(`roles.${start.data.role}`)}</Tag>
        </Flex>
        <Flex gap={32}>
          <Flex vertical align="center" gap={8} style={{ width: 260 }}>
            <Typography.Text strong>{t('setup.scan')}</Typography.Text>
            <img src={start.data.qr} alt={t('setup.qrAlt')} width={240} height={240} style={{ borderRadius: 6 }} data-testid="setup-qr" />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('setup.manual')}
            </Typography.Text>
            <Typography.Paragraph code copyable style={{ fontSize: 12, wordBreak: 'break-all', textAlign: 'center', margin: 0 }} data-testid="setup-secret">
              {start.data.secret}
            </Typography.Paragraph>
          </Flex>
          <div style={{ flex: 1 }}>
            {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
            <Form<SetupForm> layout="vertical" onFinish={finish} requiredMark={false} disabled={busy}>
              <Form.Item name="password" label={t('setup.password')} extra={t('setup.passwordRule')} rules={[{ required: true, pattern: /^(?=.*[A-Za-z])(?=.*\d).{12,128}$/, message: t('setup.passwordRule') }]}>
                <Input.Password autoComplete="new-password" data-testid="setup-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('setup.confirm')}
                dependencies={['password']}
                rules={[{ required: true, message: t('setup.confirmRequired') }, ({ getFieldValue }) => ({ validator: (_, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('setup.mismatch')))) })]}
              >
                <Input.Password autoComplete="new-password" data-testid="setup-confirm" />
              </Form.Item>
              <Form.Item name="code" label={t('auth.code')} extra={t('setup.codeHint')} rules={[{ required: true, len: 6, message: t('auth.codeRequired') }]}>
                <Input.OTP length={6} data-testid="setup-code" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="setup-submit">
                {t('setup.finish')}
              </Button>
            </Form>
          </div>
        </Flex>
      </Card>
    </div>
  );
}
