import { PlaceholderPage } from './placeholder-page.tsx';

export default function SchedulePickupRoute() {
  return <PlaceholderPage title="Schedule Pickup" />;
}
