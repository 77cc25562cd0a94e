import { PlaceholderPage } from './placeholder-page.tsx';

export default function HelpCenterShippingGuideRoute() {
  return <PlaceholderPage title="Shipping Guide" />;
}
