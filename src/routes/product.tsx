import { Page } from '../ui/page';

export default function ProductPage() {
  return <Page title="Purchase" />;
}
