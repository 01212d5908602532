import { StaticContentPage } from './StaticContentPage.tsx';

export default function CompliancePage() {
  return <StaticContentPage slug="operational_compliance" />;
}
