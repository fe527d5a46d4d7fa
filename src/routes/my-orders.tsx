import { Page } from '../ui/page';

export default function MyOrdersPage() {
  return <Page title="My Orders" />;
}
