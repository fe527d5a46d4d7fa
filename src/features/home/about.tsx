// About Us (the spec, Home page): the assembly-hall picture, loaded lazily below the fold, and
// Learn More, which jumps to the figures.

import { about } from '../../content/home';
import { Eyebrow, SectionTitle } from '../../ui/section-heading';

export function About() {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 lg:gap-16 lg:py-24">
      <div className="relative">
        <div aria-hidden="true" className="absolute -bottom-3 -left-3 h-2/3 w-2/3 rounded-box bg-primary/15 sm:-bottom-4 sm:-left-4" />
        <picture>
          <source
            type="image/webp"
            srcSet="/images/about-assembly-640.webp 640w, /images/about-assembly-1200.webp 1200w"
            sizes="(min-width: 48rem) 50vw, 100vw"
          />
          <img
            src="/images/about-assembly-1200.webp"
            alt={about.image.alt}
            width={about.image.width}
            height={about.image.height}
            loading="lazy"
            decoding="async"
            className="relative h-auto w-full rounded-box shadow-xl"
          />
        </picture>
      </div>
      <div>
        <Eyebrow>Who we are</Eyebrow>
        <SectionTitle id="about-title">{about.title}</SectionTitle>
        {about.paragraphs.map((text) => (
          <p key={text.slice(0, 24)} className="mt-4 leading-relaxed text-base-content/85">
            {text}
          </p>
        ))}
        <a href="#summary" className="btn btn-outline btn-primary mt-8">
          Learn More
        </a>
      </div>
    </section>
  );
}
