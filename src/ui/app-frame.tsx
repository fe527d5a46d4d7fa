// The page frame the shell (index.html) shows before the app's scripts have run, for the screens that are
// not prerendered (sign-in, the purchase page, the dashboard): the bar with the brand, and the screen's own
// frame where there is one (docs/architecture.md, "Screen frames"), or a loading indicator. The build
// renders it into the shell and the frame files (vite.config.ts); the app's first render replaces it.

import type { ReactNode } from 'react';
import { BRAND_LINK_CLASS, BrandMark, HEADER_CLASS, NAV_CLASS } from './navbar';
import { Spinner } from './spinner';

export function AppFrame({ children = <Spinner /> }: { children?: ReactNode }) {
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
        {children}
      </main>
    </div>
  );
}
