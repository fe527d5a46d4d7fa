// Add A Product (the spec): the form lives in the admin feature; this screen frames it.

import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { AddProductForm } from '../features/admin/add-product-form';
import { OfflineNotice } from '../features/admin/offline-notice';
import { signOutEverywhere } from '../features/auth/sign-out';
import { useCategories } from '../features/catalogue/get-categories';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';

export default function AddProductPage() {
  const online = useOnline();
  const navigate = useNavigate();
  const offlineId = useId();
  const categories = useCategories();
  return (
    <DashboardScreen path="/dashboard/add-product">
      <OfflineNotice online={online} id={offlineId} />
      <AddProductForm
        online={online}
        categories={categories.data?.map((category) => category.name) ?? []}
        onSessionRefused={() => {
          // The server no longer accepts this session: sign in again and come back here.
          void signOutEverywhere().then(() => navigate({ to: '/login', search: { redirect: '/dashboard/add-product' }, replace: true }));
        }}
      />
    </DashboardScreen>
  );
}
