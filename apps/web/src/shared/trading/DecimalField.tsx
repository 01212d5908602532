import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/index.ts';
import { shownDecimal, stepDecimal, typedDecimal } from './numbers.ts';

interface Props {
  label: string;
  value: string;
  /** The grid step (tick or lot size), which − and + add exactly. */
  step: string;
  onChange(value: string): void;
  testId: string;
  /** Counts values put in from elsewhere (a tapped book price): each new count flashes the field, so the user sees where the price went. */
  filledFrom?: number;
}

/**
 * A decimal field with − and + buttons. The value is kept as typed (only the
 * language's decimal comma becomes a point), never rounded, so an off-grid
 * value stays visible and the form can say why.
 */
export function DecimalField({ label, value, step, onChange, testId, filledFrom = 0 }: Props) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  return (
    <label className="trading-field" data-testid={testId}>
      <span className="trading-field__label">{label}</span>
      {/* Keyed by the count, so the flash's animation starts again on every fill. */}
      <span key={filledFrom} className={`trading-field__box${filledFrom > 0 ? ' trading-field__box--filled' : ''}`} data-filled={filledFrom > 0 ? filledFrom : undefined}>
        <button type="button" className="trading-field__step" aria-label={t('field.less')} onClick={() => onChange(stepDecimal(value, step, -1))}>
          <MinusOutline />
        </button>
        <input
          className="trading-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={shownDecimal(value, locale)}
          onChange={(event) => onChange(typedDecimal(event.target.value, locale))}
        />
        <button type="button" className="trading-field__step" aria-label={t('field.more')} onClick={() => onChange(stepDecimal(value, step, 1))}>
          <AddOutline />
        </button>
      </span>
    </label>
  );
}
