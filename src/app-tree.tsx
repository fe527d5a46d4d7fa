// The component tree the browser renders and the build prerenders (docs/architecture.md, "Prerendered
// public pages"): the router and the toasts, inside whichever query-client provider the caller gives.

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from './config/ui';
import type { createAppRouter } from './router';

export function AppTree({ router, provider }: { router: ReturnType<typeof createAppRouter>; provider: (children: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      {provider(
        <>
          <RouterProvider router={router} />
          <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton swipeDirections={['right']} />
        </>,
      )}
    </StrictMode>
  );
}
