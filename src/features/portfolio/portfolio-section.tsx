// A titled section of the Portfolio page.

import type { ReactNode } from 'react';

export function PortfolioSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
