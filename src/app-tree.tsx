// The component tree the browser renders and the build prerenders (docs/architecture.md, "Prerendered
// public pages"): the router and the toasts, inside whichever query-client provider the caller gives.

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import type { createAppRouter } from './router';
import { ToastHost } from './ui/toast-host';

export function AppTree({ router, provider }: { router: ReturnType<typeof createAppRouter>; provider: (children: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      {provider(
        <>
          <RouterProvider router={router} />
          <ToastHost />
        </>,
      )}
    </StrictMode>
  );
}
