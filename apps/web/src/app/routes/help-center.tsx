import { PlaceholderPage } from './placeholder-page.tsx';

export default function HelpCenterRoute() {
  return <PlaceholderPage title="Help Center" />;
}
