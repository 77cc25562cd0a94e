import { PlaceholderPage } from './placeholder-page.tsx';

export default function AdminRoute() {
  return <PlaceholderPage title="Admin" />;
}
