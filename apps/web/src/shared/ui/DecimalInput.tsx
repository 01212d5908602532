import { Input, type InputProps } from 'antd-mobile';
import { currentLocale } from '../i18n/index.ts';
import { shownDecimal, typedDecimal } from '../trading/numbers.ts';

/**
 * An amount or price field: it shows and takes the language's decimal comma
 * ('100,5' in French) and hands the page, or the Form.Item around it, the
 * decimal with a point, the way the trading form's fields do.
 */
export function DecimalInput({ value = '', onChange, ...props }: InputProps) {
  const locale = currentLocale();
  return <Input autoComplete="off" {...props} inputMode="decimal" value={shownDecimal(value, locale)} onChange={(text) => onChange?.(typedDecimal(text, locale))} />;
}
