import { Page } from '../ui/page';

export default function DashboardProfilePage() {
  return <Page title="My Profile" />;
}
