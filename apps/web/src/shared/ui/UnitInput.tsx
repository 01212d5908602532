import type { ReactNode } from 'react';
import { DecimalInput } from './DecimalInput.tsx';
import './unit-input.css';

interface Props {
  /** The amount as the page keeps it, with a decimal point whatever the language. */
  value: string;
  onChange(value: string): void;
  /** The currency or token the amount is in, shown after it. */
  unit: string;
  placeholder?: string;
  testId: string;
  clearable?: boolean;
  /** Fills in the most the user can put in; with it an "All" button follows the unit. */
  onAll?(): void;
  allLabel?: string;
  allTestId?: string;
}

/**
 * An amount field with its unit (and, when given, an "All" button). The language's
 * decimal comma is accepted as typed and handed to the page as a point, the way
 * the trading form's fields do, so '100,5' in French is 100.5 and not an error.
 */
export function UnitInput({ value, onChange, unit, placeholder, testId, clearable, onAll, allLabel, allTestId }: Props) {
  return (
    <div className="unit-input">
      <DecimalInput className="unit-input__field" value={value} onChange={onChange} placeholder={placeholder} clearable={clearable} data-testid={testId} />
      <span className="unit-input__unit">{unit}</span>
      {onAll ? <AllButton label={allLabel} onClick={onAll} testId={allTestId} /> : null}
    </div>
  );
}

/** The text button at the end of an amount line that fills in the most the user can put in. */
export function AllButton({ label, onClick, testId }: { label: ReactNode; onClick(): void; testId?: string }) {
  return (
    <button type="button" className="all-button" onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
}

/** Why the amount above cannot be used, in red, read out when it appears. */
export function InputIssue({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="input-issue" role="alert" data-testid={testId}>
      {children}
    </p>
  );
}
