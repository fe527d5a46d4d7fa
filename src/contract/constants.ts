// Business constants of spec section 9 and limits the server enforces.

export const DESCRIPTION_CUT = 150;
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 1000;
export const DESCRIPTION_MIN_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 4000;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const DEFAULT_RATING = 5;
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const DELIVERY_DAYS = 7;
export const CURRENCY = 'USD';
export const TOAST_DURATION_MS = 5000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;

/** Upper bounds that keep every amount inside a PostgreSQL integer and a Stripe amount. */
export const MAX_PRICE = 1_000_000;
export const MAX_QUANTITY = 1_000_000;
/** Stripe takes at most $999,999.99 in one payment, so one order may total at most $999,999. */
export const MAX_ORDER_TOTAL = 999_999;

export const ADDRESS_MAX_LENGTH = 500;
export const PHONE_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 120;
export const URL_MAX_LENGTH = 300;
export const EMAIL_MAX_LENGTH = 254;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 1200;
export const IMAGE_MAX_PIXELS = 40_000_000;

export const BUSINESS_SUMMARY = [
  { value: 10, label: 'Years of production' },
  { value: 70, label: 'Exported countries' },
  { value: 60, label: 'Long-term partners' },
  { value: 300, label: 'Positive reviews' },
] as const;

/** Spec section 9 breakpoints, in px; mirrored in src/styles.css for Tailwind. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, '2xl': 1400 } as const;
