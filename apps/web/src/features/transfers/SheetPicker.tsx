import { CheckList, Popup } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';

export interface SheetOption {
  value: string;
  label: ReactNode;
  prefix?: ReactNode;
  description?: ReactNode;
}

interface Props {
  title: string;
  value: string | undefined;
  options: SheetOption[];
  onChange(value: string): void;
  /** What the closed picker shows. */
  children: ReactNode;
  testId: string;
  className?: string;
}

/** A field that opens a bottom sheet of choices; choosing closes it. */
export function SheetPicker({ title, value, options, onChange, children, testId, className = '' }: Props) {
  const [open, setOpen] = useState(false);
  // Tapping the checked option unchecks it in CheckList (empty keys): the choice stays and the sheet just closes.
  const choose = (keys: (string | number)[]) => {
    setOpen(false);
    const key = keys[0];
    if (key !== undefined && String(key) !== value) onChange(String(key));
  };
  return (
    <>
      <button type="button" className={`transfers-picker ${className}`} onClick={() => setOpen(true)} data-testid={testId}>
        <span className="transfers-picker__value">{children}</span>
        <DownFill className="transfers-picker__arrow" />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="transfers-sheet" destroyOnClose>
        <div className="transfers-sheet__title">{title}</div>
        <CheckList value={value === undefined ? [] : [value]} onChange={choose} className="transfers-sheet__list">
          {options.map((option) => (
            <CheckList.Item key={option.value} value={option.value} prefix={option.prefix} description={option.description} data-testid={`${testId}-${option.value}`}>
              {option.label}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}

export function CoinIcon({ icon, size = 24 }: { icon: string | undefined; size?: number }) {
  return icon ? <img src={icon} alt="" className="transfers-coin-icon" width={size} height={size} /> : <span className="transfers-coin-icon" style={{ width: size, height: size }} />;
}
