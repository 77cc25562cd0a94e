import { PlaceholderPage } from './placeholder-page.tsx';

export default function DriverRoute() {
  return <PlaceholderPage title="Driver GPS" />;
}
