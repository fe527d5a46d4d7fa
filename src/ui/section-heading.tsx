// The look of a storefront section's heading: the small line above it and the title itself.

import type { ReactNode } from 'react';

export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="mb-2 text-sm font-bold uppercase tracking-widest text-primary">{children}</p>;
}

export function SectionTitle({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={['text-3xl font-extrabold tracking-tight sm:text-4xl', className].filter(Boolean).join(' ')}>
      {children}
    </h2>
  );
}
