import { useRef } from 'react';
import { SAME_TAP_MS } from '../api/request.ts';

/**
 * For a list whose rows move when one is acted on (a cancelled order's row
 * goes): a tap within SAME_TAP_MS of the list's previous one is the second
 * half of a double tap that landed on the row moved under the finger, and is
 * dropped. The request layer cannot see it: the second row is another order.
 */
export function useListTaps(): (act: () => void) => void {
  const last = useRef(0);
  return (act) => {
    const now = Date.now();
    if (now - last.current < SAME_TAP_MS) return;
    last.current = now;
    act();
  };
}
