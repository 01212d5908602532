/** A phone number as the app shows it to the user: the first three and last four digits (138****0000). */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** A payout address in a notice: enough to recognise it (first 6 … last 4), not enough to copy it. */
export function maskAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
