import { PlaceholderPage } from './placeholder-page.tsx';

export default function TrackLiveRoute() {
  return <PlaceholderPage title="Live Tracking" />;
}
