import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/index.ts';
import { setupPageTests } from '../test-utils.tsx';
import { TestIdInput } from './TestIdInput.tsx';

setupPageTests();

describe('DecimalInput in a form (TestIdInput decimal)', () => {
  it('gives the form a point for a French decimal comma, and shows the comma back', async () => {
    await changeLanguage('fra');
    let kept: unknown;
    render(
      <Form onValuesChange={(_, values) => (kept = values.number)}>
        <Form.Item name="number">
          <TestIdInput testId="withdraw-amount" decimal />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByTestId('withdraw-amount').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '100,5' } });
    expect(kept).toBe('100.5');
    expect(input.value).toBe('100,5');
    expect(input.inputMode).toBe('decimal');
  });
});
