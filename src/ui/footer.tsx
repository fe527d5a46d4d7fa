// The footer on every page (spec section 2).

import { Link } from '@tanstack/react-router';

const NEW_TOOLS = ['SD8 Specialty Right-Angle Drill', 'MS255 Chop Saw', 'CC40 Cable Cutter', 'DH30 Demolition Hammer'];

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-lg font-bold">
            About Forgeline
          </h2>
          <p className="text-sm leading-relaxed text-neutral-content/85">
            The official maker of Forgeline power tools. For 10 years we have built drills, saws and hammers for dealers worldwide, and we run
            our own shipment system so every bulk order arrives as promised.
          </p>
        </section>
        <section aria-labelledby="footer-new">
          <h2 id="footer-new" className="mb-3 text-lg font-bold">
            New tools
          </h2>
          <ul className="space-y-2 text-sm text-neutral-content/85">
            {NEW_TOOLS.map((tool) => (
              <li key={tool}>{tool}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-bold">
            Contact
          </h2>
          <address className="space-y-2 text-sm not-italic text-neutral-content/85">
            <p>1840 Foundry Avenue, Pittsburgh, PA 15222, USA</p>
            <p>
              <a className="link" href="tel:+14125550187">
                +1 (412) 555-0187
              </a>
            </p>
            <p>
              <a className="link" href="mailto:dealers@forgeline.example">
                dealers@forgeline.example
              </a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-3 text-lg font-bold">
            Follow us
          </h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            {[
              ['LinkedIn', 'https://www.linkedin.com/'],
              ['YouTube', 'https://www.youtube.com/'],
              ['Facebook', 'https://www.facebook.com/'],
              ['Instagram', 'https://www.instagram.com/'],
            ].map(([name, href]) => (
              <li key={name}>
                <a className="btn btn-sm btn-outline border-neutral-content/40 text-neutral-content" href={href} rel="noopener noreferrer" target="_blank">
                  {name}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <Link to="/blogs" className="link">
              Read our blog
            </Link>
          </p>
        </section>
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm text-neutral-content/85">
        © {year} Forgeline Power Tools. All rights reserved
      </p>
    </footer>
  );
}
