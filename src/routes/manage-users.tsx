// Make Admin (the spec): every account, with Make Admin and Delete.

import { UsersTable } from '../features/admin/users-table';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function ManageUsersPage() {
  return (
    <DashboardScreen path="/dashboard/manage-users">
      <UsersTable />
    </DashboardScreen>
  );
}
