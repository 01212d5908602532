import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/ui/form-rules.ts';
import { refreshSecurity, type SecurityOverview, settingsApi } from './api.ts';
import { TestIdInput, toastMessage } from './components.tsx';
import { SecondFactorField, secondFactorValue } from '../../shared/ui/SecondFactorField.tsx';

const ANTI_PHISHING_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** Sets the code every email from the platform shows, so a mail without it is known to be fake. */
export function AntiPhishingPanel({ overview, onDone }: { overview: SecurityOverview; onDone(): void }) {
  const { t } = useTranslation('settings');
  const save = useMutation({
    mutationFn: (values: { anti_phishing_code: string; two_factor_code?: string }) =>
      settingsApi.setAntiPhishingCode({ anti_phishing_code: values.anti_phishing_code.trim(), ...secondFactorValue(values.two_factor_code) }),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshSecurity();
      onDone();
    },
  });
  return (
    <>
      <div className="settings-intro muted">{t('antiPhishing.intro')}</div>
      <Form
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        initialValues={{ anti_phishing_code: overview.anti_phishing_code ?? '' }}
        onFinish={(values: { anti_phishing_code: string; two_factor_code?: string }) => save.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="anti-phishing-submit">
            {t('antiPhishing.save')}
          </Button>
        }
      >
        <Form.Item
          name="anti_phishing_code"
          label={t('antiPhishing.label')}
          rules={[requiredRule('anti_phishing_code'), { pattern: ANTI_PHISHING_PATTERN, message: t('common:validation.antiPhishingCode') }]}
        >
          <TestIdInput testId="anti-phishing-input" placeholder={t('antiPhishing.placeholder')} maxLength={20} autoComplete="off" clearable />
        </Form.Item>
        <SecondFactorField enabled={overview.two_factor_enabled} />
      </Form>
    </>
  );
}
