// The page frame: fixed navbar, the routed screen, the footer.

import { Outlet, useNavigate } from '@tanstack/react-router';
import { useSession } from '../features/auth/session';
import { signOutEverywhere } from '../features/auth/sign-out';
import { Footer } from '../ui/footer';
import { Navbar } from '../ui/navbar';

export function RootLayout() {
  const session = useSession();
  const navigate = useNavigate();
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
      />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
