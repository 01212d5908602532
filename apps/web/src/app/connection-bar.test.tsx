import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../shared/i18n/index.ts';
import type { ConnectionProblem } from '../shared/realtime/index.ts';
import { ConnectionBar } from './connection-bar.tsx';

/** The connection state the bar reads, set by each test as the browser and the socket would. */
const connection = vi.hoisted(() => {
  let problem: ConnectionProblem = null;
  const listeners = new Set<() => void>();
  return {
    get: () => problem,
    set(next: ConnectionProblem) {
      problem = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('../shared/realtime/index.ts', () => ({
  useConnectionProblem: () => useSyncExternalStore(connection.subscribe, connection.get),
}));

const bar = () => screen.queryByTestId('connection-bar');
const inset = () => document.documentElement.style.getPropertyValue('--ob-top-inset');

beforeAll(async () => {
  await initI18n('zh');
});

afterEach(() => {
  act(() => connection.set(null));
  vi.useRealTimers();
});

describe('ConnectionBar', () => {
  it('says the browser is offline at once, moves the sticky headers down by its height, and goes when the connection is back', () => {
    render(<ConnectionBar />);
    expect(bar()).toBeNull();
    act(() => connection.set('offline'));
    expect(bar()?.textContent).toBe('网络已断开，显示的价格可能不是最新的');
    expect(bar()?.getAttribute('data-problem')).toBe('offline');
    expect(inset()).toBe('32px');
    act(() => connection.set(null));
    expect(bar()).toBeNull();
    expect(inset()).toBe('');
  });

  it('says the socket is reconnecting once it has taken more than a second, and nothing for a quicker reconnection', () => {
    vi.useFakeTimers();
    render(<ConnectionBar />);
    act(() => connection.set('reconnecting'));
    act(() => vi.advanceTimersByTime(900));
    expect(bar()).toBeNull();
    act(() => connection.set(null));
    act(() => vi.advanceTimersByTime(1000));
    expect(bar()).toBeNull();

    act(() => connection.set('reconnecting'));
    act(() => vi.advanceTimersByTime(1000));
    expect(bar()?.getAttribute('data-problem')).toBe('reconnecting');
    act(() => connection.set(null));
    expect(bar()).toBeNull();
  });
});
