// /dashboard/companies (admins): dealer companies, their applications and the shop's decisions.

import { CompaniesTable } from '../features/admin/companies-table';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function CompaniesPage() {
  return (
    <DashboardScreen path="/dashboard/companies">
      <CompaniesTable />
    </DashboardScreen>
  );
}
