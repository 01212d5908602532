import { passwordsMatch, VERIFICATION_LIMITS } from '@openbourse/core';
import { Tag } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../shared/api/request.ts';
import { t as translate } from '../../shared/i18n/index.ts';
import type { VerificationSummary } from './api.ts';
import { formatAmount } from '../../shared/format.ts';

export { TestIdInput } from '../../shared/ui/TestIdInput.tsx';

/** The confirmation must repeat the password field; checked before any call. */
export function confirmRule(form: FormInstance, passwordField: string, confirmField: string) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(translate('common:validation.required', { field: translate(`common:fields.${confirmField}`) }));
      if (!passwordsMatch(form.getFieldValue(passwordField) ?? '', value)) throw new Error(translate('common:errors.passwordInconsistent'));
    },
  };
}

/** A field that may stay empty, checked by its rule only when filled in. */
export function optionalZodRule(schema: z.ZodType, field: string) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (value === undefined || value.trim() === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(translate(`common:${result.error.issues[0]?.message ?? 'validation.invalid'}`, { field: translate(`common:fields.${field}`) }));
    },
  };
}

/** The clipboard API where the page may use it, the old selection copy where it may not (plain http). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Server answers to mutations are localized sentences ("保存成功"). */
export function toastMessage(message: unknown): void {
  if (typeof message === 'string' && message !== '') toast(message);
}

const STATE_COLORS = { none: 'default', review: 'warning', verified: 'success', failed: 'danger' } as const;

/** "Lv2" and the state of the latest request, e.g. "Lv1 · Under review" while Lv2 is reviewed. */
export function VerificationBadge({ verification }: { verification: Pick<VerificationSummary, 'level' | 'state'> }) {
  const { t } = useTranslation('settings');
  return (
    <span className="settings-badge">
      <Tag color={verification.level > 0 ? '#d4ba83' : 'default'} fill="outline" className="settings-badge__level">
        {t('verification.badge', { level: verification.level })}
      </Tag>
      <Tag color={STATE_COLORS[verification.state]} fill="outline">
        {t(`common:verification.states.${verification.state}`)}
      </Tag>
    </span>
  );
}

/** The short text shown next to "Identity verification" in lists. */
export function verificationText(verification: Pick<VerificationSummary, 'level' | 'state'>): string {
  const state = translate(`common:verification.states.${verification.state}`);
  return verification.level > 0 ? `${translate('settings:verification.badge', { level: verification.level })} · ${state}` : state;
}

/** What each level unlocks (VERIFICATION_LIMITS), the current level highlighted. */
export function LevelLimits({ current }: { current?: number }) {
  const { t } = useTranslation('settings');
  return (
    <div className="settings-limits">
      {([1, 2] as const).map((level) => {
        const limits = VERIFICATION_LIMITS[level];
        const reached = current !== undefined && current >= level;
        return (
          <div key={level} className={`settings-limits__level${reached ? ' settings-limits__level--reached' : ''}`} data-testid={`limits-${level}`}>
            <div className="settings-limits__head">
              <span className="settings-limits__name">{t(`limits.level${level}`)}</span>
              {reached ? (
                <Tag color="success" fill="outline">
                  {t('common:verification.states.verified')}
                </Tag>
              ) : null}
            </div>
            <div className="settings-limits__row">
              <span className="muted">{t('limits.withdrawal')}</span>
              <span>{formatAmount(limits.withdrawal24hBtc, 0)} BTC</span>
            </div>
            <div className="settings-limits__row">
              <span className="muted">{t('limits.fiatTrade')}</span>
              <span>{formatAmount(limits.fiatTradePerOrderUsdt, 0)} USDT</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
