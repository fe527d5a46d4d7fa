// The Portfolio page (spec section 2, /portfolio): about, education, skills and three projects,
// all read from src/content/portfolio.ts.

import { Link } from '@tanstack/react-router';
import { portfolio, type PortfolioProject } from '../content/portfolio';

const heading = 'text-2xl font-extrabold tracking-tight sm:text-3xl';

function ProjectLink({ project }: { project: PortfolioProject }) {
  const className = 'btn btn-outline btn-primary mt-auto self-start';
  const arrow = (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
  // Links inside the app go through the router; the API feed and outside pages are plain links.
  if (project.href.startsWith('/') && !project.href.startsWith('/api/')) {
    const [to, hash] = project.href.split('#');
    return (
      <Link to={to} hash={hash} className={className}>
        {project.linkLabel}
        {arrow}
      </Link>
    );
  }
  const external = !project.href.startsWith('/');
  return (
    <a href={project.href} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {project.linkLabel}
      {arrow}
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

export default function PortfolioPage() {
  const initials = portfolio.name
    .split(/\s+/u)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2);
  return (
    <div className="pb-16">
      <header className="bg-neutral text-neutral-content [&_:focus-visible]:outline-accent">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-12 sm:flex-row sm:items-center lg:py-16">
          <span className="flex size-24 shrink-0 items-center justify-center rounded-full bg-primary text-3xl font-black text-primary-content ring-4 ring-accent/40" aria-hidden="true">
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

      <div className="mx-auto max-w-5xl space-y-14 px-4 pt-12">
        <section aria-labelledby="portfolio-about">
          <h2 id="portfolio-about" className={heading}>
            About
          </h2>
          {portfolio.about.map((text) => (
            <p key={text.slice(0, 24)} className="mt-4 max-w-[70ch] text-lg leading-relaxed text-base-content/85">
              {text}
            </p>
          ))}
        </section>

        <section aria-labelledby="portfolio-education">
          <h2 id="portfolio-education" className={heading}>
            Education
          </h2>
          <ol className="mt-6 space-y-6 border-l-2 border-primary/40 pl-6">
            {portfolio.education.map((entry) => (
              <li key={entry.degree} className="relative">
                <span aria-hidden="true" className="absolute -left-[33px] top-1.5 size-4 rounded-full border-4 border-base-100 bg-primary" />
                <h3 className="text-lg font-bold">{entry.degree}</h3>
                <p className="font-medium">
                  {entry.school}
                  <span aria-hidden="true"> · </span>
                  <span className="text-base-content/75">{entry.years}</span>
                </p>
                <p className="mt-1 text-base-content/80">{entry.detail}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="portfolio-skills">
          <h2 id="portfolio-skills" className={heading}>
            Skills
          </h2>
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {portfolio.skills.map((group) => (
              <div key={group.group} className="rounded-box border border-base-300 bg-base-100 p-5">
                <h3 className="font-bold">{group.group}</h3>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {group.skills.map((skill) => (
                    <li key={skill} className="rounded-full bg-base-200 px-3 py-1 text-sm font-medium">
                      {skill}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="portfolio-projects">
          <h2 id="portfolio-projects" className={heading}>
            Projects
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {portfolio.projects.map((project) => (
              <li key={project.name} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
                <h3 className="text-lg font-bold">{project.name}</h3>
                <p className="leading-relaxed text-base-content/80">{project.description}</p>
                <ul className="flex flex-wrap gap-2" aria-label={`Built with, ${project.name}`}>
                  {project.stack.map((item) => (
                    <li key={item} className="rounded-full border border-primary/40 px-2.5 py-0.5 text-xs font-semibold text-primary">
                      {item}
                    </li>
                  ))}
                </ul>
                <ProjectLink project={project} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
