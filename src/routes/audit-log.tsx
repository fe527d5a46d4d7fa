// /dashboard/audit-log (admins): who did what to companies, their people and the shop's settings.

import { AuditLog } from '../features/admin/audit-log';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function AuditLogPage() {
  return (
    <DashboardScreen path="/dashboard/audit-log">
      <AuditLog />
    </DashboardScreen>
  );
}
