import { Page } from '../ui/page';

export default function AddProductPage() {
  return <Page title="Add A Product" />;
}
