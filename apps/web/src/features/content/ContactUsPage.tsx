import { StaticContentPage } from './StaticContentPage.tsx';

export default function ContactUsPage() {
  return <StaticContentPage slug="contactus" />;
}
