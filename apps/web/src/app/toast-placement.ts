import { Toast } from 'antd-mobile';

/**
 * Toasts show on the half of the screen away from the last tap, so a toast
 * never covers the button that caused it: a tap in the lower half (submit
 * buttons, the tab bar) toasts near the top, a tap in the upper half near the
 * bottom. Before any tap they show near the top. Answers how to stop.
 */
export function placeToastsAwayFromTaps(): () => void {
  Toast.config({ position: 'top' });
  const onPointerDown = (event: PointerEvent) => Toast.config({ position: event.clientY > window.innerHeight / 2 ? 'top' : 'bottom' });
  window.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  return () => window.removeEventListener('pointerdown', onPointerDown, { capture: true });
}
