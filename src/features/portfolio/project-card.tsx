// One project of the Portfolio: what it is, what it is built with, and its link. A link inside the
// storefront goes through the router; the API feed and outside pages are plain links, outside ones in a
// new tab.

import { Link } from '@tanstack/react-router';
import type { PortfolioProject } from '../../content/portfolio';

function ProjectLink({ project }: { project: PortfolioProject }) {
  const className = 'btn btn-outline btn-primary mt-auto self-start';
  const arrow = (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
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

export function ProjectCard({ project }: { project: PortfolioProject }) {
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
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
  );
}
