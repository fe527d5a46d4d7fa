// @vitest-environment jsdom
// Sales at a glance: the revenue chart's axis, its summary for screen readers and the table behind it.
// Manage Reviews: a hidden review leaves the saved offline copy at the next sync of the public list.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Review } from '../../src/contract/review';
import { readSavedReviews, saveReviews } from '../../src/offline/catalogue/saved';
import { openDatabase } from '../../src/offline/store/database';
import { axisTicks, chartSummary, RevenueChart, type DailyRevenue } from '../../src/features/admin/revenue-chart';

afterEach(cleanup);

/** 30 days ending 2026-03-30, with sales on three of them. */
function month(): DailyRevenue[] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);
    const revenue = i === 4 ? 1200 : i === 20 ? 3450 : i === 29 ? 360 : 0;
    return { date, revenue, orders: revenue > 0 ? 1 : 0 };
  });
}

describe('revenue chart', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(axisTicks(0)).toEqual([0]);
    expect(axisTicks(3450)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(axisTicks(360)).toEqual([0, 100, 200, 300, 400]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('sums the days in its summary and names the best day', () => {
    expect(chartSummary(month())).toBe('$5,010 from Mar 1 to Mar 30; the best day was Mar 21 with $3,450; 27 days without revenue.');
    expect(chartSummary(month().map((d) => ({ ...d, revenue: 0, orders: 0 })))).toBe('No revenue from Mar 1 to Mar 30.');
  });

  it('is one image named by its title and described by its summary, with one bar per day and the figures in a table', () => {
    const { container } = render(<RevenueChart days={month()} title="Revenue per day, last 30 days" />);
    const chart = screen.getByRole('img', { name: 'Revenue per day, last 30 days' });
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(chartSummary(month()));
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    // Bar heights follow the revenue: the 3,450 day is the tallest, empty days have no height.
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(heights.indexOf(Math.max(...heights))).toBe(20);
    expect(heights[0]).toBe(0);
    expect(heights[20]! / heights[4]!).toBeCloseTo(3450 / 1200, 5);
    expect(bars[29]?.querySelector('title')?.textContent).toBe('Mon, Mar 30: $360, 1 order');
    // The dollar axis sits beside the region that scrolls on a phone, so it stays in view.
    const axis = screen.getByTestId('revenue-axis');
    expect([...axis.children].map((label) => label.textContent)).toEqual(['$0', '$1K', '$2K', '$3K', '$4K']);
    expect(screen.getByRole('region', { name: 'Revenue per day, last 30 days, chart' }).contains(axis)).toBe(false);

    const table = screen.getByRole('table', { name: 'Revenue per day, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    // Newest first, as an admin reads it.
    expect(rows[0]?.textContent).toBe('Mon, Mar 301$360');
    expect(screen.getByText('The figures per day').closest('details')).not.toBeNull();
  });
});

describe('hidden reviews offline', () => {
  it('drops a review the public list no longer has from the saved copy', async () => {
    const db = openDatabase(`reviews-hidden-${randomUUID()}`);
    const review = (text: string): Review => ({ _id: randomUUID(), review: text, rating: '4', userName: 'Dana', createdAt: '2026-03-01T00:00:00.000Z' });
    const kept = review('Solid drill, survived a season on site.');
    const hidden = review('An abusive review that an admin hides.');
    await saveReviews([hidden, kept], db, 1);
    // The next fetch of GET /api/reviews comes without the hidden one; saving it is the sync.
    await saveReviews([kept], db, 2);
    expect(await readSavedReviews(db)).toEqual({ data: [kept], savedAt: 2 });
    db.close();
  });
});
