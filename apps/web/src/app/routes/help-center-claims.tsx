import { PlaceholderPage } from './placeholder-page.tsx';

export default function HelpCenterClaimsRoute() {
  return <PlaceholderPage title="Claims & Support" />;
}
