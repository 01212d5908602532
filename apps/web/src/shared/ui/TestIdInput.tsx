import { Input, type InputProps } from 'antd-mobile';
import { useId } from 'react';
import { DecimalInput } from './DecimalInput.tsx';

/**
 * An antd-mobile Input inside a label that carries the test id, so a test can
 * find the field by id and still type into it (a label forwards to its input).
 * `decimal`: an amount, in the language's decimal comma (DecimalInput).
 */
export function TestIdInput({ testId, id, decimal = false, ...props }: InputProps & { testId: string; decimal?: boolean }) {
  const generatedId = useId();
  // Form.Item passes the field's id, which its own label points at.
  const inputId = id ?? generatedId;
  return (
    <label data-testid={testId} className="settings-input" htmlFor={inputId}>
      {decimal ? <DecimalInput {...props} id={inputId} /> : <Input {...props} id={inputId} />}
    </label>
  );
}
