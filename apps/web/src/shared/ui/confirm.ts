import { Dialog, type DialogConfirmProps } from 'antd-mobile';

/** The confirmation on screen, if any. */
let asking: Promise<boolean> | null = null;

/**
 * Dialog.confirm, one at a time. A double tap on a button that asks first
 * opened two dialogs, one over the other: two confirmations, two requests (a
 * second NFT box bought from a dialog left open on the next page). While a
 * confirmation is open, another answers "no" at once and shows nothing.
 */
export function confirmOnce(props: DialogConfirmProps): Promise<boolean> {
  if (asking) return Promise.resolve(false);
  const asked = Dialog.confirm(props).finally(() => {
    asking = null;
  });
  asking = asked;
  return asked;
}
