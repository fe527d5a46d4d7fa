// Manage Reviews (admins): hide, show or delete the reviews customers post.

import { ReviewsTable } from '../features/admin/reviews-table';
import { Page } from '../ui/page';

export default function ManageReviewsPage() {
  return (
    <Page title="Manage Reviews" wide>
      <ReviewsTable />
    </Page>
  );
}
