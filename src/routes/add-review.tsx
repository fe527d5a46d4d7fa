import { Page } from '../ui/page';

export default function AddReviewPage() {
  return <Page title="Add Review" />;
}
