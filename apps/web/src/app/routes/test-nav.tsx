import { PlaceholderPage } from './placeholder-page.tsx';

export default function TestNavRoute() {
  return <PlaceholderPage title="Test Navigation" />;
}
