// /dashboard/tax-rates (admins): the tax rate of each ship-to country, or of one of its states or regions
// (docs/decisions/046-tax-per-ship-to-location.md).

import { TaxRatesPage } from '../features/admin/tax-rates-page';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function TaxRatesRoute() {
  return (
    <DashboardScreen path="/dashboard/tax-rates">
      <TaxRatesPage />
    </DashboardScreen>
  );
}
