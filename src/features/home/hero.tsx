// Find Your Tools (the spec, Home page): the first screen, all text and inline SVG.

import { Link } from '@tanstack/react-router';
import { hero } from '../../content/home';
import { useSession } from '../auth/session';
import { HeroDrill } from './hero-drill';

function CheckIcon({ className = '' }: { className?: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function Hero() {
  const { user } = useSession();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-neutral text-neutral-content [&_:focus-visible]:outline-accent"
      style={{
        backgroundImage:
          'radial-gradient(circle at 85% 20%, rgb(194 65 12 / 0.35), transparent 45%), linear-gradient(rgb(245 247 250 / 0.04) 1px, transparent 1px), linear-gradient(90deg, rgb(245 247 250 / 0.04) 1px, transparent 1px)',
        backgroundSize: 'auto, 32px 32px, 32px 32px',
      }}
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-2 lg:py-24">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-sm font-semibold text-accent">
            {hero.eyebrow}
          </p>
          <h1 id="hero-title" className="text-5xl font-black tracking-tight text-white sm:text-6xl lg:text-7xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-neutral-content/90">{hero.blurb}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#tools" className="btn btn-primary btn-lg">
              Our Tools
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M12 5v14M6 13l6 6 6-6" />
              </svg>
            </a>
            {user ? (
              <Link
                to="/dashboard"
                className="btn btn-lg btn-outline border-neutral-content/40 text-neutral-content hover:border-white hover:bg-white hover:text-neutral"
              >
                Go to your dashboard
              </Link>
            ) : (
              <Link
                to="/register"
                className="btn btn-lg btn-outline border-neutral-content/40 text-neutral-content hover:border-white hover:bg-white hover:text-neutral"
              >
                Open a dealer account
              </Link>
            )}
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-neutral-content/90 sm:flex-row sm:flex-wrap">
            {hero.highlights.map((line) => (
              <li key={line} className="flex items-center gap-2">
                <CheckIcon className="text-accent" />
                {line}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden justify-center md:flex">
          <HeroDrill />
        </div>
      </div>
    </section>
  );
}
