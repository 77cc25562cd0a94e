import { PlaceholderPage } from './placeholder-page.tsx';

export default function DriverTrackRoute() {
  return <PlaceholderPage title="Driver Location Sharing" />;
}
