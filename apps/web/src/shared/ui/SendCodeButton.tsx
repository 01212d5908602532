import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from './useCountdown.ts';

interface Props {
  /** Validates what it needs (the address) and sends; a rejection leaves the button ready again. */
  onSend(): Promise<unknown>;
  disabled?: boolean;
}

/** "Send code" with the 60-second wait the server enforces between codes. */
export function SendCodeButton({ onSend, disabled }: Props) {
  const { t } = useTranslation('common');
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await onSend();
      start();
    } catch {
      // The request layer has already shown why.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" color="primary" fill="none" disabled={disabled || remaining > 0} loading={sending} onClick={send} data-testid="send-code">
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.send')}
    </Button>
  );
}
