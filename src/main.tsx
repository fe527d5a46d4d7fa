// Boot: query client with its persister, session-expiry handling, router, toasts.

import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { createQueryClient } from './api/query-client';
import { isAuthFailure } from './api/errors';
import { QUERY_GC_TIME_MS, TOAST_DURATION_MS } from './contract/constants';
import { signOutEverywhere } from './features/auth/sign-out';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// DESIGN section 4.5: a 401/403 on a read signs the user out and sends them to /login, remembering the page.
queryClient.getQueryCache().config.onError = (error) => {
  if (!isAuthFailure(error)) return;
  const here = router.state.location.href;
  void signOutEverywhere().then(() => router.navigate({ to: '/login', search: { redirect: here }, replace: true }));
};

const persister = createSyncStoragePersister({ storage: window.localStorage, key: 'forgeline-query-cache' });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: QUERY_GC_TIME_MS * 12 * 24,
        dehydrateOptions: {
          // Queries backed by IndexedDB (meta.persist === false) are kept out, so the two stores never disagree.
          shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
        },
      }}
    >
      <RouterProvider router={router} />
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton swipeDirections={['right']} />
    </PersistQueryClientProvider>
  </StrictMode>,
);
