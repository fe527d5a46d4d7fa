// The first copy's progress as the screens see it (src/offline/catalogue/fill-progress.ts): the search reads
// every report at once; the notice is told at most once a second while the copy fills, appears and goes at
// once, and always ends on the latest report.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FILL_NOTICE_EVERY_MS,
  getCatalogueFill,
  getShownCatalogueFill,
  reportCatalogueFill,
  subscribeCatalogueFill,
} from '../../src/offline/catalogue/fill-progress';

let told = 0;
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  told = 0;
  unsubscribe = subscribeCatalogueFill(() => {
    told += 1;
  });
});
afterEach(() => {
  unsubscribe();
  reportCatalogueFill(null);
  vi.useRealTimers();
});

describe('the first copy saved page by page', () => {
  it('is shown at its first page, then at most once a second, ending on the latest page', () => {
    reportCatalogueFill({ saved: 1000, total: 5000 });
    expect(getShownCatalogueFill()).toEqual({ saved: 1000, total: 5000 });
    expect(told).toBe(1);

    reportCatalogueFill({ saved: 2000, total: 5000 });
    reportCatalogueFill({ saved: 3000, total: 5000 });
    // The search knows at once; the screens still show the first page.
    expect(getCatalogueFill()).toEqual({ saved: 3000, total: 5000 });
    expect(getShownCatalogueFill()).toEqual({ saved: 1000, total: 5000 });
    expect(told).toBe(1);

    vi.advanceTimersByTime(FILL_NOTICE_EVERY_MS);
    expect(getShownCatalogueFill()).toEqual({ saved: 3000, total: 5000 });
    expect(told).toBe(2);

    // A second later than that, the next page is shown as it comes.
    vi.advanceTimersByTime(FILL_NOTICE_EVERY_MS);
    reportCatalogueFill({ saved: 4000, total: 5000 });
    expect(getShownCatalogueFill()).toEqual({ saved: 4000, total: 5000 });
    expect(told).toBe(3);
  });

  it('goes from the screens at once when the copy is complete, and no late page brings it back', () => {
    reportCatalogueFill({ saved: 1000, total: 5000 });
    reportCatalogueFill({ saved: 2000, total: 5000 });
    reportCatalogueFill({ saved: 5000, total: 5000 });
    expect(getCatalogueFill()).toBeNull();
    expect(getShownCatalogueFill()).toBeNull();
    expect(told).toBe(2);
    vi.advanceTimersByTime(FILL_NOTICE_EVERY_MS * 2);
    expect(getShownCatalogueFill()).toBeNull();
    expect(told).toBe(2);
  });

  it('tells nobody of a report that changes nothing', () => {
    reportCatalogueFill({ saved: 1000, total: 5000 });
    vi.advanceTimersByTime(FILL_NOTICE_EVERY_MS);
    reportCatalogueFill({ saved: 1000, total: 5000 });
    vi.advanceTimersByTime(FILL_NOTICE_EVERY_MS);
    expect(told).toBe(1);
  });
});
