// Make Admin (spec section 2): every account, with Make Admin and Delete.

import { UsersTable } from '../features/admin/users-table';
import { Page } from '../ui/page';

export default function ManageUsersPage() {
  return (
    <Page title="Make Admin" wide>
      <UsersTable />
    </Page>
  );
}
