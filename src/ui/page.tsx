import type { ReactNode } from 'react';

/** A page's container and its one h1. */
export function Page({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full px-4 py-10 ${wide ? 'max-w-7xl' : 'max-w-3xl'}`}>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
