import { PlaceholderPage } from './placeholder-page.tsx';

export default function DriverGpsRoute() {
  return <PlaceholderPage title="Driver GPS Tracking" />;
}
