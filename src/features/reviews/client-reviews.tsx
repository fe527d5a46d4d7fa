// Client Reviews (the spec, Home page): the reviews in the carousel, each with its stars, text
// and the reviewer's initials.

import { starCount } from '../../contract/pricing';
import type { Review } from '../../contract/review';
import { reviews } from '../../content/home';
import { Carousel } from '../../ui/carousel';
import { Eyebrow, SectionTitle } from '../../ui/section-heading';
import { Spinner } from '../../ui/spinner';
import { Stars } from '../../ui/stars';
import { useReviews } from './get-reviews';

/** "Maria Okafor" -> "MO"; the first and last word of longer names. */
function initials(name: string): string {
  const words = name.split(/\s+/u).filter(Boolean);
  const picked = words.length > 2 ? [words[0], words.at(-1)] : words;
  return picked
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
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

export function ClientReviews() {
  const list = useReviews();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <Eyebrow>Testimonials</Eyebrow>
          <SectionTitle id="reviews-title">{reviews.title}</SectionTitle>
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
