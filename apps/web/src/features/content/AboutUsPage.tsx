import { StaticContentPage } from './StaticContentPage.tsx';

export default function AboutUsPage() {
  return <StaticContentPage slug="aboutus" />;
}
