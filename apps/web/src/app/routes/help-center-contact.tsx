import { PlaceholderPage } from './placeholder-page.tsx';

export default function HelpCenterContactRoute() {
  return <PlaceholderPage title="Contact Us" />;
}
