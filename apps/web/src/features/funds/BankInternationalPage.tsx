import { CardPage } from './BankCardPage.tsx';

/** The international bank card: the same page as the bank card, with the international fields. */
export default function BankInternationalPage() {
  return <CardPage kind="bank_international" />;
}
