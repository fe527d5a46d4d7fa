// The home page: the six sections of spec section 2 in order. Everything above the fold is text
// and inline SVG, so the first paint needs no image request; pictures below the fold load lazily.

import { Link } from '@tanstack/react-router';
import { BUSINESS_SUMMARY } from '../contract/constants';
import { starCount } from '../contract/pricing';
import type { Review } from '../contract/review';
import { company } from '../content/company';
import { about, hero, reviews, summary, tools, whyChooseUs } from '../content/home';
import { useSession } from '../features/auth/session';
import { ToolsList } from '../features/catalogue/tools-list';
import { useReviews } from '../features/reviews/get-reviews';
import { Carousel } from '../ui/carousel';
import { Spinner } from '../ui/spinner';
import { Stars } from '../ui/stars';

const sectionTitle = 'text-3xl font-extrabold tracking-tight sm:text-4xl';
const eyebrow = 'mb-2 text-sm font-bold uppercase tracking-widest text-primary';

function CheckIcon({ className = '' }: { className?: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/** The hero's drawing of the DX20 hammer drill, as a dimensioned blueprint. Decorative. */
function HeroDrill() {
  return (
    <svg viewBox="0 0 520 420" width="520" height="420" aria-hidden="true" className="h-auto w-full max-w-[520px]">
      <circle cx="260" cy="210" r="190" fill="#c2410c" opacity=".14" />
      <circle cx="260" cy="210" r="150" fill="none" stroke="#f5f7fa" strokeOpacity=".12" strokeWidth="2" strokeDasharray="4 10" />
      <g stroke="#f59f00" strokeWidth="1.5" fill="none" opacity=".75">
        <path d="M92 78h336M92 70v16M428 70v16" />
        <path d="M60 130v226M52 130h16M52 356h16" />
      </g>
      <g fill="#f5f7fa" fontFamily="inherit" fontSize="15" fontWeight="600" opacity=".8">
        <text x="260" y="62" textAnchor="middle">
          DX20 · 95 Nm
        </text>
        <text x="38" y="250" textAnchor="middle" transform="rotate(-90 38 250)">
          20 V brushless
        </text>
      </g>
      {/* bit, chuck and gear case */}
      <rect x="430" y="168" width="78" height="10" rx="3" fill="#cbd2d9" />
      <path d="M436 173h66" stroke="#7b8794" strokeWidth="2" strokeDasharray="6 5" />
      <rect x="384" y="150" width="52" height="46" rx="8" fill="#9aa5b1" />
      <path d="M394 150v46M406 150v46M418 150v46" stroke="#7b8794" strokeWidth="3" />
      <rect x="350" y="138" width="40" height="70" rx="10" fill="#323f4b" />
      {/* motor housing */}
      <path d="M118 122h220a24 24 0 0 1 24 24v54a24 24 0 0 1-24 24H118a32 32 0 0 1-32-32v-38a32 32 0 0 1 32-32z" fill="#c2410c" />
      <path d="M140 122h180v20H140z" fill="#9a3412" />
      <path d="M104 150v44M116 150v44M128 150v44" stroke="#7c2d12" strokeWidth="5" strokeLinecap="round" />
      <circle cx="300" cy="173" r="20" fill="#1f2933" />
      <circle cx="300" cy="173" r="9" fill="#f59f00" />
      {/* grip, trigger and battery */}
      <path d="M176 224h84l-18 100h-84z" fill="#323f4b" />
      <path d="M190 236h56l-6 34h-56z" fill="#1f2933" />
      <path d="M262 232c14 0 20 8 18 20l-4 14h-14z" fill="#1f2933" />
      <rect x="118" y="318" width="188" height="58" rx="12" fill="#323f4b" />
      <rect x="132" y="330" width="160" height="10" rx="5" fill="#c2410c" />
      <circle cx="148" cy="358" r="5" fill="#52d273" />
      <circle cx="166" cy="358" r="5" fill="#52d273" />
      <circle cx="184" cy="358" r="5" fill="#52d273" />
      <circle cx="202" cy="358" r="5" fill="#52606d" />
      <text x="290" y="363" textAnchor="end" fill="#f5f7fa" fontSize="12" fontWeight="700" fontFamily="inherit" letterSpacing="1.5">
        5.0 Ah
      </text>
      <text x="206" y="194" textAnchor="middle" fill="#fff" fontSize="16" fontWeight="800" fontFamily="inherit" letterSpacing="2.5">
        FORGELINE
      </text>
    </svg>
  );
}

function Hero() {
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
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-sm font-semibold text-accent">{hero.eyebrow}</p>
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
              <Link to="/dashboard" className="btn btn-lg btn-outline border-neutral-content/40 text-neutral-content hover:border-white hover:bg-white hover:text-neutral">
                Go to your dashboard
              </Link>
            ) : (
              <Link to="/register" className="btn btn-lg btn-outline border-neutral-content/40 text-neutral-content hover:border-white hover:bg-white hover:text-neutral">
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

function About() {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 lg:gap-16 lg:py-24">
      <div className="relative">
        <div aria-hidden="true" className="absolute -bottom-3 -left-3 h-2/3 w-2/3 rounded-box bg-primary/15 sm:-bottom-4 sm:-left-4" />
        <picture>
          <source type="image/webp" srcSet="/images/about-assembly-640.webp 640w, /images/about-assembly-1200.webp 1200w" sizes="(min-width: 48rem) 50vw, 100vw" />
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
        <p className={eyebrow}>Who we are</p>
        <h2 id="about-title" className={sectionTitle}>
          {about.title}
        </h2>
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

function WhyChooseUs() {
  return (
    <section id="why-choose-us" aria-labelledby="why-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Built for dealers</p>
          <h2 id="why-title" className={sectionTitle}>
            Why Choose Us
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyChooseUs.map((box) => (
            <li key={box.title} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:block sm:p-6">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-field bg-primary text-primary-content sm:mb-4" aria-hidden="true">
                <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
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

function Tools() {
  return (
    <section id="tools" aria-labelledby="tools-title" className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
      <div className="mb-10 max-w-2xl">
        <p className={eyebrow}>Catalogue</p>
        <h2 id="tools-title" className={sectionTitle}>
          {tools.title}
        </h2>
        <p className="mt-3 leading-relaxed text-base-content/80">{tools.intro}</p>
      </div>
      <ToolsList />
    </section>
  );
}

function BusinessSummary() {
  return (
    <section id="summary" aria-labelledby="summary-title" className="bg-neutral text-neutral-content [&_:focus-visible]:outline-accent">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="summary-title" className={`${sectionTitle} text-white`}>
            {summary.title}
          </h2>
          <p className="mt-3 text-neutral-content/90">{summary.intro}</p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
          {BUSINESS_SUMMARY.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse items-center rounded-box border border-neutral-content/15 bg-white/5 px-4 py-8 text-center">
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

/** "Maria Okafor" -> "MO"; the first and last word of longer names. */
function initials(name: string): string {
  const words = name.split(/\s+/u).filter(Boolean);
  const picked = words.length > 2 ? [words[0], words.at(-1)] : words;
  return picked.map((word) => Array.from(word ?? '')[0] ?? '').join('').toUpperCase();
}

function ReviewSlide({ review }: { review: Review }) {
  return (
    <figure className="relative mx-1 flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-md sm:p-10" data-testid="review-slide">
      <svg width="48" height="48" viewBox="0 0 24 24" className="absolute right-6 top-6 text-primary/20" fill="currentColor" aria-hidden="true">
        <path d="M4 18v-6c0-4 2-7 6-8l.8 1.8C8.5 6.7 7.6 8.4 7.5 10.5H10V18zm10 0v-6c0-4 2-7 6-8l.8 1.8c-2.3.9-3.2 2.6-3.3 4.7H20V18z" />
      </svg>
      <Stars rating={review.rating} size={22} />
      <blockquote className="mt-5 flex-1 text-lg leading-relaxed sm:text-xl">
        <p>{review.review}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-neutral text-base font-bold text-neutral-content" aria-hidden="true">
          {initials(review.userName)}
        </span>
        <span className="font-bold">{review.userName}</span>
      </figcaption>
    </figure>
  );
}

function ClientReviews() {
  const list = useReviews();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className={eyebrow}>Testimonials</p>
          <h2 id="reviews-title" className={sectionTitle}>
            {reviews.title}
          </h2>
          <p className="mt-3 text-base-content/80">{reviews.intro}</p>
        </div>
        {list.isPending ? (
          <Spinner label="Loading reviews" />
        ) : list.isError ? (
          <p className="mx-auto max-w-xl rounded-box bg-base-100 p-6 text-center">The reviews could not be loaded right now. Please try again later.</p>
        ) : (
          <Carousel
            items={list.data}
            label="Dealer reviews"
            getKey={(review) => review._id}
            renderSlide={(review) => <ReviewSlide review={review} />}
            describeSlide={(review, position, count) =>
              `Review ${position} of ${count}, by ${review.userName}, rated ${starCount(review.rating)} out of 5: ${review.review}`
            }
            empty={<p className="mx-auto max-w-xl rounded-box bg-base-100 p-6 text-center">{reviews.empty}</p>}
          />
        )}
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <About />
      <WhyChooseUs />
      <Tools />
      <BusinessSummary />
      <ClientReviews />
    </>
  );
}
