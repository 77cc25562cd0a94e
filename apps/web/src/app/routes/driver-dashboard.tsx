import { PlaceholderPage } from './placeholder-page.tsx';

export default function DriverDashboardRoute() {
  return <PlaceholderPage title="Driver Dashboard" />;
}
