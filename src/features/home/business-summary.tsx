// The business figures (the spec, Home page) and a way to reach the dealer team.

import { company } from '../../content/company';
import { summary } from '../../content/home';
import { SectionTitle } from '../../ui/section-heading';

export function BusinessSummary() {
  return (
    <section id="summary" aria-labelledby="summary-title" className="bg-neutral text-neutral-content [&_:focus-visible]:outline-accent">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <SectionTitle id="summary-title" className="text-white">
            {summary.title}
          </SectionTitle>
          <p className="mt-3 text-neutral-content/90">{summary.intro}</p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
          {summary.figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse items-center rounded-box border border-neutral-content/15 bg-white/5 px-4 py-8 text-center"
            >
              <dt className="mt-2 text-sm font-semibold uppercase tracking-wider text-neutral-content/90">{figure.label}</dt>
              <dd className="text-5xl font-black tabular-nums text-accent sm:text-6xl">
                {figure.value}
                <span aria-hidden="true">+</span>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 flex flex-col items-center justify-center gap-4 text-center sm:flex-row">
          <p className="text-lg font-semibold text-white">{summary.contactLine}</p>
          <a href={`mailto:${company.email}`} className="btn btn-primary">
            Talk to our dealer team
          </a>
        </div>
      </div>
    </section>
  );
}
