import { Page } from '../ui/page';

export default function ManageOrdersPage() {
  return <Page title="Manage Orders" />;
}
