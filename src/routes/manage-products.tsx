import { Page } from '../ui/page';

export default function ManageProductsPage() {
  return <Page title="Manage Products" />;
}
