import { Input, Segmented, Slider, Stepper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderDraft } from '../preview.ts';

export function SideSwitch({ side, onChange }: { side: OrderDraft['side']; onChange(side: OrderDraft['side']): void }) {
  const { t } = useTranslation('trade');
  return (
    <Segmented
      block
      className={`trade-side trade-side--${side}`}
      value={side}
      onChange={(value) => onChange(value as OrderDraft['side'])}
      options={[
        { value: 'buy', label: <span data-testid="trade-side-buy">{t('form.buy')}</span> },
        { value: 'sell', label: <span data-testid="trade-side-sell">{t('form.sell')}</span> },
      ]}
    />
  );
}

export function OrderTypeSwitch({ type, onChange }: { type: OrderDraft['type']; onChange(type: OrderDraft['type']): void }) {
  const { t } = useTranslation('trade');
  return (
    <Segmented
      className="trade-type"
      value={type}
      onChange={(value) => onChange(value as OrderDraft['type'])}
      options={[
        { value: 'limit', label: <span data-testid="trade-type-limit">{t('form.limit')}</span> },
        { value: 'market', label: <span data-testid="trade-type-market">{t('form.market')}</span> },
      ]}
    />
  );
}

interface DecimalFieldProps {
  label: string;
  value: string;
  /** The grid step (tick or lot size), which the +/- buttons add exactly. */
  step: string;
  onChange(value: string): void;
  testId: string;
}

/**
 * A decimal field with +/- buttons. The stepper's string mode does its
 * arithmetic in decimal, and without `digits` it never rounds what the user
 * typed, so an off-grid value stays visible and the form can say why.
 */
export function DecimalField({ label, value, step, onChange, testId }: DecimalFieldProps) {
  return (
    <div className="trade-field">
      <span className="trade-field__label">{label}</span>
      <Stepper
        className="trade-stepper"
        stringMode
        allowEmpty
        min="0"
        step={step}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        data-testid={testId}
      />
    </div>
  );
}

/** A market order takes the best prices in the book; there is no price to enter. */
export function MarketPriceField({ label }: { label: string }) {
  const { t } = useTranslation('trade');
  return (
    <div className="trade-field">
      <span className="trade-field__label">{label}</span>
      <Input className="trade-field__market" value={t('form.marketPrice')} disabled data-testid="trade-market-price" />
    </div>
  );
}

const SHARE_MARKS = { 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

/** How much of the available balance to use; dragging sets the amount, typing an amount moves the thumb. */
export function ShareSlider({ value, disabled, onChange }: { value: number; disabled: boolean; onChange(percent: number): void }) {
  return (
    <Slider
      className="trade-share"
      min={0}
      max={100}
      step={1}
      marks={SHARE_MARKS}
      value={value}
      disabled={disabled}
      popover={(percent) => `${percent}%`}
      onChange={(percent) => onChange(percent as number)}
      data-testid="trade-share"
    />
  );
}
