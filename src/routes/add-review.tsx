// /dashboard/add-review (the spec): a customer posts a review; it shows in the home carousel.

import { useSession } from '../features/auth/session';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';
import { AddReviewForm } from '../features/reviews/add-review-form';

export default function AddReviewPage() {
  const { user } = useSession();
  const online = useOnline();
  const email = user?.email ?? '';
  return (
    <DashboardScreen path="/dashboard/add-review">
      <p className="mb-6 text-base-content/80">Tell other dealers how our tools and our service worked for you.</p>
      <AddReviewForm name={user?.displayName || email} email={email} online={online} />
    </DashboardScreen>
  );
}
