import { codeRule, emailRule, isMobileFor, passwordRule, passwordsMatch } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Steps, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { t as translate } from '../../shared/i18n/index.ts';
import { useStore } from '../../shared/store.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { LanguagePicker } from '../../shared/ui/LanguagePicker.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SendCodeButton } from '../../shared/ui/SendCodeButton.tsx';
import { authApi, completeSignIn } from './api.ts';
import { areaStore } from '../../shared/area-store.ts';

type Channel = 'email' | 'mobile';

interface Verified {
  channel: Channel;
  address: string;
  code: string;
  areaCode: string;
}

/** Registration in two steps (spec 4): prove the address with a code, then choose the password. */
export default function RegisterPage() {
  const [verified, setVerified] = useState<Verified | null>(null);
  const { t } = useTranslation('auth');
  return (
    <>
      <PageHeader title={t('register.title')} fallback="/pages/common/login" right={<LanguagePicker />} />
      <Steps current={verified ? 1 : 0} className="register-steps">
        <Steps.Step title={t('register.stepVerify')} />
        <Steps.Step title={t('register.stepPassword')} />
      </Steps>
      {verified ? <PasswordStep verified={verified} /> : <VerifyStep onVerified={setVerified} />}
    </>
  );
}

function VerifyStep({ onVerified }: { onVerified(verified: Verified): void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const [channel, setChannel] = useState<Channel>('email');
  const area = useStore(areaStore);
  const navigate = useNavigate();

  const addressRule =
    channel === 'email'
      ? zodRule(emailRule, undefined, 'email')
      : {
          validator: async (_: unknown, value: string | undefined) => {
            if (!value) throw new Error(translate('common:validation.required', { field: translate('common:fields.mobile') }));
            if (!isMobileFor(area.callingCode, value.trim())) throw new Error(translate('common:validation.mobile'));
          },
        };

  const sendCode = async () => {
    const values = await form.validateFields(['address']);
    const address = String(values.address).trim();
    return channel === 'email' ? authApi.sendEmailCode(address, 'register') : authApi.sendSmsCode(address, area.callingCode, 'register');
  };

  const check = useMutation({
    mutationFn: async (values: { address: string; code: string }) => {
      const address = values.address.trim();
      await authApi.checkCode(channel === 'email' ? address.toLowerCase() : address, values.code.trim(), 'register');
      return { channel, address, code: values.code.trim(), areaCode: area.callingCode };
    },
    onSuccess: onVerified,
  });

  return (
    <>
      <Tabs activeKey={channel} onChange={(key) => setChannel(key as Channel)} className="register-tabs">
        <Tabs.Tab title={t('register.byEmail')} key="email" />
        <Tabs.Tab title={t('register.byPhone')} key="mobile" />
      </Tabs>
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={(values: { address: string; code: string }) => check.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={check.isPending} data-testid="register-next">
            {translate('shell:actions.next')}
          </Button>
        }
      >
        {channel === 'mobile' ? (
          <Form.Item label={t('fields.area')} onClick={() => navigate('/pages/common/area')} arrowIcon>
            <span data-testid="area-code">+{area.callingCode}</span>
          </Form.Item>
        ) : null}
        <Form.Item name="address" label={channel === 'email' ? t('fields.email') : t('fields.mobile')} rules={[addressRule]}>
          <Input
            placeholder={channel === 'email' ? t('placeholders.email') : t('placeholders.mobile')}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete={channel === 'email' ? 'email' : 'tel'}
            clearable
            data-testid="register-address"
          />
        </Form.Item>
        <Form.Item name="code" label={t('fields.code')} rules={[zodRule(codeRule, undefined, 'code')]} extra={<SendCodeButton onSend={sendCode} />}>
          <Input placeholder={t('placeholders.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="register-code" />
        </Form.Item>
      </Form>
      <div className="auth-links">
        <span />
        <Link to="/pages/common/login">{t('register.toLogin')}</Link>
      </div>
    </>
  );
}

interface PasswordValues {
  password: string;
  re_password: string;
  extension_code?: string;
}

function PasswordStep({ verified }: { verified: Verified }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PasswordValues>();
  const navigate = useNavigate();
  // An invite link (`?code=`) fills the invite code in.
  const [params] = useSearchParams();
  const register = useMutation({
    mutationFn: async (values: PasswordValues) =>
      completeSignIn(
        await authApi.register({
          user_string: verified.address,
          code: verified.code,
          password: values.password,
          re_password: values.re_password,
          extension_code: values.extension_code?.trim() || undefined,
          type: verified.channel,
          area_code: verified.areaCode,
        }),
      ),
    onSuccess: () => navigate('/pages/fund/assets', { replace: true }),
  });

  const confirmRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(translate('common:validation.required', { field: translate('common:fields.re_password') }));
      if (!passwordsMatch(form.getFieldValue('password') ?? '', value)) throw new Error(translate('common:errors.passwordInconsistent'));
    },
  };

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      initialValues={{ extension_code: params.get('code') ?? undefined }}
      onFinish={(values: PasswordValues) => register.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      }
    >
      <Form.Item label={t('fields.account')}>
        <span className="muted">{verified.address}</span>
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={[zodRule(passwordRule, undefined, 'password')]}>
        <Input type="password" placeholder={t('placeholders.newPassword')} autoComplete="new-password" data-testid="register-password" />
      </Form.Item>
      <Form.Item name="re_password" label={t('fields.confirmPassword')} rules={[confirmRule]}>
        <Input type="password" placeholder={t('placeholders.confirmPassword')} autoComplete="new-password" data-testid="register-confirm" />
      </Form.Item>
      <Form.Item name="extension_code" label={t('fields.inviteCode')} rules={[requiredRuleIfInviteRequired()]}>
        <Input placeholder={t('placeholders.inviteCode')} maxLength={16} data-testid="register-invite" />
      </Form.Item>
    </Form>
  );
}

/** The invitation code is optional unless the site requires one. */
function requiredRuleIfInviteRequired() {
  return { required: false, message: requiredRule('extension_code').message };
}
