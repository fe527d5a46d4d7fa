import { Page } from '../ui/page';

export default function ManageUsersPage() {
  return <Page title="Make Admin" />;
}
