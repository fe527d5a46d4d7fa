// The page frame the shell (index.html) shows before the app's scripts have run, for the screens that are
// not prerendered (sign-in, the purchase page, the dashboard): the bar with the brand and a loading
// indicator where the screen will be. The build renders it into the shell (vite.config.ts); the app's first
// render replaces it (docs/architecture.md, "Prerendered public pages").

import { BRAND_LINK_CLASS, BrandMark, HEADER_CLASS, NAV_CLASS } from './navbar';
import { Spinner } from './spinner';

export function AppFrame() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <header className={HEADER_CLASS}>
        <nav className={NAV_CLASS} aria-label="Main">
          <a href="/" className={BRAND_LINK_CLASS} aria-label="Forgeline home">
            <BrandMark />
          </a>
        </nav>
      </header>
      <main id="main" className="min-h-screen flex-1 pt-16">
        <Spinner />
      </main>
    </div>
  );
}
