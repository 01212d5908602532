import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { requiredRule } from './form-rules.ts';
import { TestIdInput } from './TestIdInput.tsx';

/**
 * The `two_factor_code` field of every form that changes a secret or a
 * binding: shown only when the user has two-factor on (the server refuses
 * the change without it then, and ignores it otherwise).
 */
export function SecondFactorField({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('settings');
  if (!enabled) return null;
  return (
    <Form.Item
      name="two_factor_code"
      label={t('twoFactor.codeLabel')}
      description={t('twoFactor.codeDescription')}
      rules={[requiredRule('two_factor_code'), { pattern: /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, message: t('twoFactor.codeFormat') }]}
    >
      <TestIdInput testId="two-factor-code" placeholder={t('twoFactor.codePlaceholder')} maxLength={11} autoComplete="one-time-code" />
    </Form.Item>
  );
}

/** The code as sent: trimmed, or left out when the field was not shown. */
export function secondFactorValue(value: string | undefined): { two_factor_code?: string } {
  const code = value?.trim();
  return code ? { two_factor_code: code } : {};
}
