import type { ReactNode } from 'react';

/** The centred card of the login and register screens, comfortable on a phone and on a counter tablet. */
export function AuthPanel({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex justify-center bg-base-200 px-4 py-10 sm:py-16">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5 p-6 sm:p-8">
          <header>
            <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
            <p className="mt-1 text-base-content/70">{intro}</p>
          </header>
          {children}
        </div>
      </section>
    </div>
  );
}
