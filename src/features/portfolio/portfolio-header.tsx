// The Portfolio's banner: initials, name, role, location and e-mail.

import type { Portfolio } from '../../content/portfolio';

export function PortfolioHeader({ portfolio }: { portfolio: Portfolio }) {
  const initials = portfolio.name
    .split(/\s+/u)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2);
  return (
    <header className="bg-neutral text-neutral-content [&_:focus-visible]:outline-accent">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-12 sm:flex-row sm:items-center lg:py-16">
        <span
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-primary text-3xl font-black text-primary-content ring-4 ring-accent/40"
          aria-hidden="true"
        >
          {initials}
        </span>
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-accent">Portfolio</p>
          <h1 className="mt-1 text-4xl font-black tracking-tight text-white sm:text-5xl">{portfolio.name}</h1>
          <p className="mt-2 text-lg text-neutral-content/90">{portfolio.role}</p>
          <p className="mt-1 text-sm text-neutral-content/90">
            {portfolio.location}
            <span aria-hidden="true"> · </span>
            <a className="link" href={`mailto:${portfolio.email}`}>
              {portfolio.email}
            </a>
          </p>
        </div>
      </div>
    </header>
  );
}
