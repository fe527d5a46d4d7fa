// How the storefront behaves in the browser (the spec): timings and thresholds the server never
// sees, so they live here rather than in src/contract.

/** A sideways touch gesture longer than this is a swipe (carousel, dashboard drawer). */
export const SWIPE_THRESHOLD_PX = 40;
export const TOAST_DURATION_MS = 5000;
/** The reviews carousel moves on every 5 seconds (the spec). */
export const CAROUSEL_INTERVAL_MS = 5000;
