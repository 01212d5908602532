/** A phone number as the app shows it to the user: the first three and last four digits (138****0000). */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

