import { Input, type InputProps } from 'antd-mobile';
import { useId } from 'react';

/**
 * An antd-mobile Input inside a label that carries the test id, so a test can
 * find the field by id and still type into it (a label forwards to its input).
 */
export function TestIdInput({ testId, id, ...props }: InputProps & { testId: string }) {
  const generatedId = useId();
  // Form.Item passes the field's id, which its own label points at.
  const inputId = id ?? generatedId;
  return (
    <label data-testid={testId} className="settings-input" htmlFor={inputId}>
      <Input {...props} id={inputId} />
    </label>
  );
}
