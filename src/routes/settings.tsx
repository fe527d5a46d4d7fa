// /dashboard/settings (admins): the shop's settings. Composes the admin and offline features.

import { SettingsForm } from '../features/admin/settings-form';
import { useShopSettings } from '../features/admin/shop-settings';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';
import { QueryError } from '../ui/query-error';
import { Spinner } from '../ui/spinner';

export default function SettingsPage() {
  const online = useOnline();
  const settings = useShopSettings();
  return (
    <DashboardScreen path="/dashboard/settings">
      <section aria-label="Shop settings" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        {settings.data ? (
          <SettingsForm key={settings.data.newCustomers} settings={settings.data} online={online} />
        ) : settings.isError ? (
          <QueryError what="settings" query={settings} />
        ) : (
          <Spinner label="Loading the settings" />
        )}
      </section>
    </DashboardScreen>
  );
}
