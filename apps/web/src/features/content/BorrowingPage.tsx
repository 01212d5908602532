import { StaticContentPage } from './StaticContentPage.tsx';

export default function BorrowingPage() {
  return <StaticContentPage slug="borrowing" />;
}
