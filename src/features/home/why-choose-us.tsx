// Why Choose Us (the spec, Home page): six boxes, each with its outline icon.

import { whyChooseUs } from '../../content/home';
import { Eyebrow, SectionTitle } from '../../ui/section-heading';

export function WhyChooseUs() {
  return (
    <section id="why-choose-us" aria-labelledby="why-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow>Built for dealers</Eyebrow>
          <SectionTitle id="why-title">Why Choose Us</SectionTitle>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyChooseUs.map((box) => (
            <li key={box.title} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:block sm:p-6">
              <span
                className="inline-flex size-12 shrink-0 items-center justify-center rounded-field bg-primary text-primary-content sm:mb-4"
                aria-hidden="true"
              >
                <svg
                  width="28"
                  height="28"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {box.icon.map((d) => (
                    <path key={d} d={d} />
                  ))}
                </svg>
              </span>
              <div>
                <h3 className="text-lg font-bold">{box.title}</h3>
                <p className="mt-1 leading-relaxed text-base-content/80 sm:mt-2">{box.line}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
