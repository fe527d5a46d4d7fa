// The page frame: fixed navbar (with the offline indicator), the routed screen, the footer; and, for
// the whole app, the service worker, its update prompt and the order outbox's page-side triggers.

import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../features/auth/session';
import { signOutEverywhere } from '../features/auth/sign-out';
import { useAdminFlag } from '../features/auth/use-admin-flag';
import { FindTool } from '../features/catalogue/find-tool';
import { useCatalogueSync } from '../features/catalogue/sync-catalogue';
import { OfflineCatalogueNotice } from '../features/offline/offline-catalogue-notice';
import { OfflineIndicator } from '../features/offline/offline-indicator';
import { registerServiceWorker } from '../features/offline/register-sw';
import { UpdatePrompt } from '../features/offline/update-prompt';
import { useOutboxSync } from '../features/offline/use-outbox-sync';
import { keepBarcodeReaderOffline } from '../features/order-pad/keep-barcode-reader';
import { OrderPadNavLink } from '../features/order-pad/order-pad-nav-link';
import { replayEarlyClicks, stopKeepingEarlyClicks } from '../ui/early-clicks';
import { Footer } from '../ui/footer';
import { Navbar } from '../ui/navbar';

export function RootLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whether the user is an admin decides what the frame and the cards offer (admins cannot order): a session
  // that does not know it yet (signed in on a page without a guard) asks the server once and remembers it.
  useAdminFlag();

  useEffect(registerServiceWorker, []);
  // The buttons tapped, and the focus, on the prerendered page or the screen's frame before the app drew it
  // (src/ui/early-clicks.ts): kept until the commit that replaced the frame, and handed to the app after it.
  useLayoutEffect(stopKeepingEarlyClicks, []);
  useEffect(replayEarlyClicks, []);
  // Orders sent from the outbox show up in the lists, and they took stock from the products.
  const refreshAfterSend = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.products });
  }, [queryClient]);
  useOutboxSync(refreshAfterSend);
  // The saved catalogue follows the server's changes, for searching and browsing offline.
  useCatalogueSync();
  // Dealers and reps scan with the camera offline too: their device keeps the barcode reader.
  const orders = session.user !== null && session.admin === false;
  useEffect(() => {
    if (orders) keepBarcodeReaderOffline();
  }, [orders]);

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50">
        Skip to content
      </a>
      <Navbar
        userName={session.user ? session.user.displayName || session.user.email : null}
        onLogout={() => {
          void signOutEverywhere().then(() => navigate({ to: '/login' }));
        }}
        // Signed-in dealers find a tool from any screen; admins cannot order.
        search={session.user && session.admin !== true ? <FindTool /> : undefined}
        status={
          <>
            <OrderPadNavLink />
            <OfflineIndicator />
          </>
        }
      />
      {/* At least a screen high: the footer starts below the fold, so a screen whose content arrives late does not push it down in view. */}
      <main id="main" className="min-h-screen flex-1 pt-16">
        <OfflineCatalogueNotice />
        <Outlet />
      </main>
      <Footer />
      <UpdatePrompt />
    </div>
  );
}
