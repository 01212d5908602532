import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/index.ts';
import { setupPageTests } from '../test-utils.tsx';
import { UnitInput } from './UnitInput.tsx';

setupPageTests();

/** A page's state around the field, so what the page keeps can be read back. */
function Harness({ onAll }: { onAll?: () => void }) {
  const [amount, setAmount] = useState('');
  return (
    <>
      <UnitInput value={amount} onChange={setAmount} unit="USDT" testId="amount" onAll={onAll} allLabel="All" allTestId="amount-all" />
      <output data-testid="kept">{amount}</output>
    </>
  );
}

const field = () => screen.getByTestId('amount').querySelector('input') as HTMLInputElement;

describe('UnitInput', () => {
  it('reads a decimal comma in French, keeps a point for the page and shows the comma back', async () => {
    await changeLanguage('fra');
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '100,5' } });
    expect(screen.getByTestId('kept').textContent).toBe('100.5');
    expect(field().value).toBe('100,5');
    expect(field().inputMode).toBe('decimal');
  });

  it('leaves a comma in place where the language writes a decimal point, so the page can call it invalid', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '1,5' } });
    expect(screen.getByTestId('kept').textContent).toBe('1,5');
  });

  it('shows the unit, and the All button only when the page can fill the most in', () => {
    const onAll = vi.fn();
    const { unmount } = render(<Harness onAll={onAll} />);
    expect(screen.getByText('USDT')).toBeTruthy();
    fireEvent.click(screen.getByTestId('amount-all'));
    expect(onAll).toHaveBeenCalledOnce();
    unmount();
    render(<Harness />);
    expect(screen.queryByTestId('amount-all')).toBeNull();
  });
});
