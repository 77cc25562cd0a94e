import { PlaceholderPage } from './placeholder-page.tsx';

export default function DriverPortalRoute() {
  return <PlaceholderPage title="Driver Portal" />;
}
