import { PlaceholderPage } from './placeholder-page.tsx';

export default function TrackRealtimeRoute() {
  return <PlaceholderPage title="Real-Time Tracking" />;
}
