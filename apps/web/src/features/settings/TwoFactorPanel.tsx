import { useMutation } from '@tanstack/react-query';
import { Button, Form, NoticeBar, Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/api/request.ts';
import { requiredRule } from '../../shared/ui/form-rules.ts';
import { refreshSecurity, settingsApi, type SecurityOverview, type TwoFactorSetup } from './api.ts';
import { copyText, TestIdInput, toastMessage } from './components.tsx';

/**
 * The two-factor popup: when off, the setup (QR code, the key to type in by
 * hand, the first code) and then the recovery codes, shown this once; when
 * on, turning it off with a code.
 */
export function TwoFactorPanel({ overview, onDone }: { overview: SecurityOverview; onDone(): void }) {
  const { t } = useTranslation('settings');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // The recovery codes are the end of turning it on, though by then it is on.
  const disabling = overview.two_factor_enabled && !recoveryCodes;
  return (
    <>
      <div className="settings-popup__title">{disabling ? t('twoFactor.disableTitle') : t('twoFactor.enableTitle')}</div>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={onDone} /> : disabling ? <DisableForm onDone={onDone} /> : <EnableForm onEnabled={setRecoveryCodes} />}
    </>
  );
}

function EnableForm({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const { t } = useTranslation('settings');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const start = useMutation({ mutationFn: settingsApi.setupTwoFactor, onSuccess: setSetup });
  const { mutate: startSetup } = start;
  // A fresh key each time the popup opens (once: a second setup would replace the key shown); it is not active until the first code proves the app has it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);
  const enable = useMutation({
    mutationFn: (code: string) => settingsApi.enableTwoFactor(code),
    // No toast: the recovery codes that follow say it is on, and must not be covered.
    onSuccess: async (answer) => {
      onEnabled(answer.recovery_codes);
      await refreshSecurity();
    },
  });

  if (!setup) return start.isError ? null : <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />;
  const copyKey = async () => {
    await copyText(setup.secret);
    toast(t('shell:actions.copied'));
  };
  return (
    <div className="two-factor">
      <ol className="two-factor__steps">
        <li>{t('twoFactor.stepInstall')}</li>
        <li>{t('twoFactor.stepScan')}</li>
      </ol>
      <img className="two-factor__qr" src={setup.qr_code} alt={t('twoFactor.qrAlt')} width={200} height={200} data-testid="two-factor-qr" />
      <div className="two-factor__key">
        <div className="muted">{t('twoFactor.manualKey')}</div>
        <code data-testid="two-factor-secret">{setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
        <Button size="mini" fill="outline" color="primary" onClick={copyKey} data-testid="two-factor-copy-key">
          {t('shell:actions.copy')}
        </Button>
      </div>
      <Form
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        onFinish={(values: { code: string }) => enable.mutate(values.code.trim())}
        footer={
          <Button block type="submit" color="primary" size="large" loading={enable.isPending} data-testid="two-factor-enable">
            {t('twoFactor.enable')}
          </Button>
        }
      >
        <Form.Item name="code" label={t('twoFactor.firstCode')} rules={[requiredRule('code'), { pattern: /^\d{6}$/, message: t('twoFactor.sixDigits') }]}>
          <TestIdInput testId="two-factor-first-code" placeholder={t('twoFactor.sixDigitPlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('settings');
  const text = codes.join('\n');
  const copy = async () => {
    await copyText(text);
    toast(t('shell:actions.copied'));
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${t('twoFactor.recoveryFileTitle')}\n\n${text}\n`], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="two-factor">
      <NoticeBar color="alert" wrap content={t('twoFactor.recoveryWarning')} className="settings-notice" />
      <ol className="two-factor__codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <Button fill="outline" color="primary" onClick={copy} data-testid="recovery-copy">
          {t('shell:actions.copy')}
        </Button>
        <Button fill="outline" color="primary" onClick={download} data-testid="recovery-download">
          {t('twoFactor.download')}
        </Button>
      </div>
      <div className="two-factor__footer">
        <Button block color="primary" size="large" onClick={onDone} data-testid="recovery-done">
          {t('twoFactor.saved')}
        </Button>
      </div>
    </div>
  );
}

function DisableForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('settings');
  const disable = useMutation({
    mutationFn: (code: string) => settingsApi.disableTwoFactor(code),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshSecurity();
      onDone();
    },
  });
  return (
    <div className="two-factor">
      <NoticeBar color="alert" wrap content={t('twoFactor.disableWarning')} className="settings-notice" />
      <Form
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        onFinish={(values: { code: string }) => disable.mutate(values.code.trim())}
        footer={
          <Button block type="submit" color="danger" size="large" loading={disable.isPending} data-testid="two-factor-disable">
            {t('twoFactor.disable')}
          </Button>
        }
      >
        <Form.Item name="code" label={t('twoFactor.codeLabel')} description={t('twoFactor.codeDescription')} rules={[requiredRule('two_factor_code')]}>
          <TestIdInput testId="two-factor-disable-code" placeholder={t('twoFactor.codePlaceholder')} maxLength={11} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </div>
  );
}
