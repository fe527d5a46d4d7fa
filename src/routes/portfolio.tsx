// The Portfolio page (the spec, /portfolio): about, education, skills and three projects,
// all read from src/content/portfolio.ts.

import { portfolio } from '../content/portfolio';
import { PortfolioHeader } from '../features/portfolio/portfolio-header';
import { PortfolioSection } from '../features/portfolio/portfolio-section';
import { ProjectCard } from '../features/portfolio/project-card';

export default function PortfolioPage() {
  return (
    <div className="pb-16">
      <PortfolioHeader portfolio={portfolio} />

      <div className="mx-auto max-w-5xl space-y-14 px-4 pt-12">
        <PortfolioSection id="portfolio-about" title="About">
          {portfolio.about.map((text) => (
            <p key={text.slice(0, 24)} className="mt-4 max-w-[70ch] text-lg leading-relaxed text-base-content/85">
              {text}
            </p>
          ))}
        </PortfolioSection>

        <PortfolioSection id="portfolio-education" title="Education">
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
        </PortfolioSection>

        <PortfolioSection id="portfolio-skills" title="Skills">
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
        </PortfolioSection>

        <PortfolioSection id="portfolio-projects" title="Projects">
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {portfolio.projects.map((project) => (
              <ProjectCard key={project.name} project={project} />
            ))}
          </ul>
        </PortfolioSection>
      </div>
    </div>
  );
}
