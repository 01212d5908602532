import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SAME_TAP_MS } from '../api/request.ts';
import { setupPageTests } from '../test-utils.tsx';
import { confirmOnce } from './confirm.ts';
import { useListTaps } from './list-taps.ts';

setupPageTests();

describe('a double tap on a button that asks first', () => {
  it('opens one confirmation: the second tap answers no at once and shows nothing', async () => {
    let first: Promise<boolean> | undefined;
    act(() => {
      first = confirmOnce({ content: 'Buy one box?', confirmText: 'Buy', cancelText: 'Cancel' });
    });
    await expect(confirmOnce({ content: 'Buy one box?', confirmText: 'Buy', cancelText: 'Cancel' })).resolves.toBe(false);
    await waitFor(() => expect(screen.getAllByText('Buy one box?')).toHaveLength(1));
    act(() => screen.getByText('Buy').click());
    await expect(first).resolves.toBe(true);
  });
});

describe('a double tap in a list whose rows move', () => {
  it('acts once: the second tap lands on the row that moved under the finger', () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    const { result } = renderHook(() => useListTaps());
    const cancelled: number[] = [];
    result.current(() => cancelled.push(1));
    clock.mockReturnValue(now + 150);
    result.current(() => cancelled.push(2));
    clock.mockReturnValue(now + SAME_TAP_MS + 200);
    result.current(() => cancelled.push(3));
    expect(cancelled).toEqual([1, 3]);
    clock.mockRestore();
  });
});
