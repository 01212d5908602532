import type { TimeInForce } from '@openbourse/core';
import { Checkbox, Segmented, Slider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DraftOrderType, OrderDraft } from '../preview.ts';

export { DecimalField } from '../../../shared/trading/DecimalField.tsx';

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

const ORDER_TYPES: DraftOrderType[] = ['limit', 'market', 'stop_limit'];

export function OrderTypeSwitch({ type, onChange }: { type: DraftOrderType; onChange(type: DraftOrderType): void }) {
  const { t } = useTranslation('trade');
  return (
    <Segmented
      block
      className="trade-type"
      value={type}
      onChange={(value) => onChange(value as DraftOrderType)}
      options={ORDER_TYPES.map((value) => ({ value, label: <span data-testid={`trade-type-${value === 'stop_limit' ? 'stop' : value}`}>{t(`form.${value === 'stop_limit' ? 'stopLimit' : value}`)}</span> }))}
    />
  );
}

/** A market order takes the best prices in the book; there is no price to enter. */
export function MarketPriceField({ label }: { label: string }) {
  const { t } = useTranslation('trade');
  return (
    <div className="trading-field">
      <span className="trading-field__label">{label}</span>
      <span className="trading-field__box trade-field__market" data-testid="trade-market-price">
        {t('form.marketPrice')}
      </span>
    </div>
  );
}

const TIME_IN_FORCE: TimeInForce[] = ['GTC', 'IOC', 'FOK'];

/** How long a limit order lives (good till cancelled, immediate or cancel, fill or kill), and post-only for GTC. */
export function ExecutionOptions({ draft, onChange }: { draft: OrderDraft; onChange(patch: Partial<OrderDraft>): void }) {
  const { t } = useTranslation('trade');
  return (
    <div className="trade-execution">
      <select
        className="trade-execution__tif"
        aria-label={t('form.timeInForce')}
        value={draft.timeInForce}
        onChange={(event) => {
          const timeInForce = event.target.value as TimeInForce;
          onChange({ timeInForce, postOnly: timeInForce === 'GTC' ? draft.postOnly : false });
        }}
        data-testid="trade-tif"
      >
        {TIME_IN_FORCE.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <Checkbox className="trade-execution__post" checked={draft.postOnly} disabled={draft.timeInForce !== 'GTC'} onChange={(postOnly) => onChange({ postOnly })} data-testid="trade-post-only">
        {t('form.postOnly')}
      </Checkbox>
    </div>
  );
}

const SHARE_MARKS = { 0: '', 25: '', 50: '', 75: '', 100: '' };

/** How much of the available balance to use; dragging sets the amount (or the total to spend), typing moves the thumb. */
export function ShareSlider({ value, disabled, onChange }: { value: number; disabled: boolean; onChange(percent: number): void }) {
  return (
    <Slider
      className="trade-share"
      min={0}
      max={100}
      step={1}
      ticks
      marks={SHARE_MARKS}
      value={value}
      disabled={disabled}
      popover={(percent) => `${percent}%`}
      onChange={(percent) => onChange(percent as number)}
      data-testid="trade-share"
    />
  );
}
