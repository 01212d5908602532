import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Prose } from './Prose.tsx';

describe('Prose', () => {
  it('keeps an introduction line and the list that follows it apart', () => {
    const { container } = render(<Prose text={'Accounted for:\n- Every change is posted.\n- Balances never go negative.\n\nClosing words.'} />);
    expect([...container.querySelectorAll('.prose > *')].map((node) => node.tagName)).toEqual(['P', 'UL', 'P']);
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Every change is posted.', 'Balances never go negative.']);
  });

  it('shows markup as text, never as HTML', () => {
    const { container } = render(<Prose text={'<img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
