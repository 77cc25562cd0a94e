import { PlaceholderPage } from './placeholder-page.tsx';

export default function HomeRoute() {
  return <PlaceholderPage title="Track Package" />;
}
