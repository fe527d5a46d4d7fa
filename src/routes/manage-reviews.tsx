// Manage Reviews (admins): hide, show or delete the reviews customers post.

import { ReviewsTable } from '../features/admin/reviews-table';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function ManageReviewsPage() {
  return (
    <DashboardScreen path="/dashboard/manage-reviews">
      <ReviewsTable />
    </DashboardScreen>
  );
}
