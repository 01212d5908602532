import { TIMING } from '@openbourse/core';
import { createStore } from '../store.ts';

/** True while at least one request has been pending for longer than the spec's 800 ms. */
export const slowRequestStore = createStore(false);

let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function trackRequest(): () => void {
  pending += 1;
  if (pending === 1) timer = setTimeout(() => slowRequestStore.set(true), TIMING.loadingIndicatorDelayMs);
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    pending -= 1;
    if (pending === 0) {
      clearTimeout(timer);
      slowRequestStore.set(false);
    }
  };
}
