// A review's star rating. The number of filled stars follows the spec (starCount); the
// outline keeps empty and filled stars apart at 3:1 contrast for low-vision readers.

import { starCount } from '../contract/pricing';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z';

export function Stars({ rating, size = 20 }: { rating: string | number; size?: number }) {
  const filled = starCount(rating);
  return (
    <span role="img" aria-label={`Rated ${filled} out of 5`} className="inline-flex gap-0.5" data-stars={filled}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <path d={STAR} fill={n <= filled ? '#f59f00' : 'transparent'} stroke={n <= filled ? '#9a3412' : '#7b8794'} strokeWidth="1.4" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}
