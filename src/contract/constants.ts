// Business constants of the spec and limits the server enforces: what the forms and the server
// both check. Values only the browser uses live in src/config and src/content.

export const DESCRIPTION_CUT = 150;
export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 1000;
export const DESCRIPTION_MIN_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 4000;
export const PRODUCT_NAME_MAX_LENGTH = 120;

/** Upper bounds that keep every amount inside a PostgreSQL integer and a Stripe amount. */
export const MAX_PRICE = 1_000_000;
export const MAX_QUANTITY = 1_000_000;
/** Stripe takes at most $999,999.99 in one payment, so one order may total at most $999,999. */
export const MAX_ORDER_TOTAL = 999_999;

/** Lines in one bulk order, and volume price tiers per tool. */
export const MAX_ORDER_LINES = 1_000;
export const MAX_PRICE_TIERS = 5;

export const ADDRESS_MAX_LENGTH = 500;
export const PHONE_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 120;
export const URL_MAX_LENGTH = 300;
export const EMAIL_MAX_LENGTH = 254;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 1200;
export const IMAGE_MAX_PIXELS = 40_000_000;
