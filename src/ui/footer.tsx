// The footer on every page (the spec): about text, the new tools, location, phone, e-mail,
// social links and the copyright line with the current year. Details come from src/content/company.ts.

import { Link } from '@tanstack/react-router';
import { company, type SocialNetwork } from '../content/company';

const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  LinkedIn:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.1c0-1.22-.02-2.78-1.7-2.78-1.7 0-1.96 1.33-1.96 2.7V21h-4z',
  YouTube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.77-1.77C18.27 5 12 5 12 5s-6.27 0-7.83.43A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.77 1.77C5.73 19 12 19 12 19s6.27 0 7.83-.43a2.5 2.5 0 0 0 1.77-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  Facebook: 'M13.5 21v-7.5h2.55l.4-3h-2.95V8.6c0-.86.25-1.45 1.48-1.45h1.57V4.47A21 21 0 0 0 14.27 4.3c-2.27 0-3.82 1.38-3.82 3.93v2.27H7.9v3h2.55V21z',
  Instagram:
    'M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM17 5.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 4.6c2.4 0 2.7 0 3.6.05 2.45.11 3.6 1.28 3.7 3.7.05.95.06 1.23.06 3.65s0 2.7-.06 3.65c-.11 2.42-1.24 3.59-3.7 3.7-.95.04-1.23.05-3.6.05s-2.7 0-3.65-.05c-2.46-.11-3.59-1.28-3.7-3.7C4.6 14.7 4.6 14.42 4.6 12s0-2.7.05-3.65c.11-2.42 1.25-3.59 3.7-3.7C9.3 4.6 9.6 4.6 12 4.6zM12 3c-2.44 0-2.75 0-3.71.05-3.27.15-5.09 1.96-5.24 5.24C3 9.25 3 9.56 3 12s0 2.75.05 3.71c.15 3.27 1.96 5.09 5.24 5.24.96.04 1.27.05 3.71.05s2.75 0 3.71-.05c3.27-.15 5.09-1.96 5.24-5.24.04-.96.05-1.27.05-3.71s0-2.75-.05-3.71c-.15-3.27-1.96-5.09-5.24-5.24C14.75 3 14.44 3 12 3z',
};

const heading = 'mb-4 text-sm font-bold uppercase tracking-widest text-white';
const muted = 'text-neutral-content/85';

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="bg-neutral text-neutral-content [&_:focus-visible]:outline-accent">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="flex items-center gap-2 text-xl font-black tracking-tight text-white">
            <img src="/logo.svg" alt="" width="32" height="32" loading="lazy" />
            <span>
              Forge<span className="text-accent">line</span>
            </span>
          </h2>
          <p className={`mt-4 text-sm leading-relaxed ${muted}`}>
            The official maker of Forgeline power tools. For 10 years we have built drills, saws and hammers for dealers worldwide, and we run our own shipment
            system so every bulk order arrives as promised.
          </p>
        </section>
        <section aria-labelledby="footer-new">
          <h2 id="footer-new" className={heading}>
            New tools
          </h2>
          <ul className={`space-y-2 text-sm ${muted}`}>
            {company.newTools.map((tool) => (
              <li key={tool}>{tool}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Contact
          </h2>
          <address className={`space-y-1 text-sm not-italic ${muted}`}>
            <p>
              {company.street}
              <br />
              {company.city}
            </p>
            <p>
              <a className="link-hover inline-flex min-h-11 items-center text-neutral-content underline underline-offset-4" href={company.phone.href}>
                {company.phone.display}
              </a>
            </p>
            <p>
              <a className="inline-flex min-h-11 items-center break-all text-neutral-content underline underline-offset-4" href={`mailto:${company.email}`}>
                {company.email}
              </a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={heading}>
            Follow us
          </h2>
          <ul className="flex flex-wrap gap-2">
            {company.social.map(({ name, href }) => (
              <li key={name}>
                <a
                  className="flex size-11 items-center justify-center rounded-full border border-neutral-content/30 text-neutral-content transition-colors hover:border-accent hover:bg-accent hover:text-neutral"
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`Forgeline on ${name} (opens in a new tab)`}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                    <path d={SOCIAL_ICONS[name]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm">
            <Link to="/blogs" className="inline-flex min-h-11 items-center text-neutral-content underline underline-offset-4">
              Read our blog
            </Link>
          </p>
        </section>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className={`mx-auto max-w-7xl px-4 py-5 text-center text-sm ${muted}`}>
          © {year} {company.name}. All rights reserved
        </p>
      </div>
    </footer>
  );
}
