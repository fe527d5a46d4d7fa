// Revenue per day as bars, drawn as plain SVG (docs/architecture.md, "Client conventions"): one image with
// a text summary for screen readers, each bar's figure on hover, and the same figures as a table behind
// a disclosure for anyone who wants to read or copy them.

import { useEffect, useId, useRef } from 'react';
import { formatDollars } from '../../contract/pricing';

export interface DailyRevenue {
  /** YYYY-MM-DD, a UTC day. */
  date: string;
  revenue: number;
  orders: number;
}

/** The bars' drawing; the dollar axis beside it is HTML, so it stays in view while the bars scroll. */
const WIDTH = 584;
const HEIGHT = 240;
const PLOT = { left: 4, right: 8, top: 12, bottom: 28 };

export function dayLabel(date: string, style: 'short' | 'long' = 'short'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(style === 'long' ? { weekday: 'short' } : {}),
  });
}

/** A round top for the axis (1, 2 or 5 times a power of ten) and its four steps. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

/** What the chart shows, in one or two sentences. */
export function chartSummary(days: readonly DailyRevenue[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show.';
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const span = `${dayLabel(first.date)} to ${dayLabel(last.date)}`;
  if (total === 0) return `No revenue from ${span}.`;
  const best = days.reduce((top, d) => (d.revenue > top.revenue ? d : top), first);
  const quiet = days.filter((d) => d.revenue === 0).length;
  return `${formatDollars(total)} from ${span}; the best day was ${dayLabel(best.date)} with ${formatDollars(best.revenue)}; ${quiet} ${quiet === 1 ? 'day' : 'days'} without revenue.`;
}

const COMPACT_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const compactDollars = (n: number) => COMPACT_DOLLARS.format(n);

export function RevenueChart({ days, title }: { days: readonly DailyRevenue[]; title: string }) {
  const ids = useId();
  const frame = useRef<HTMLDivElement>(null);
  // Where the chart scrolls (a phone), the latest days are the ones in view first.
  useEffect(() => {
    const element = frame.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [days]);
  const ticks = axisTicks(Math.max(0, ...days.map((d) => d.revenue)));
  const top = ticks.at(-1) || 1;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;

  return (
    <figure className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {/* On a phone the bars keep a readable size and scroll sideways inside their frame, under a dollar
          axis that stays in view. The axis repeats what the image's summary and the table say in words. */}
      <div className="flex max-w-3xl">
        <div aria-hidden="true" className="relative w-14 shrink-0 text-[13px] leading-none text-base-content/80" data-testid="revenue-axis">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-1.5 -translate-y-1/2 tabular-nums" style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}>
              {compactDollars(tick)}
            </span>
          ))}
        </div>
        <div ref={frame} className="min-w-0 flex-1 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, chart`}>
          <svg
            role="img"
            aria-labelledby={`${ids}-title`}
            aria-describedby={`${ids}-desc`}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="block h-auto w-full min-w-[26.5rem] text-base-content"
          >
            <title id={`${ids}-title`}>{title}</title>
            <desc id={`${ids}-desc`}>{chartSummary(days)}</desc>
            {ticks.map((tick) => (
              <line key={tick} x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} className="stroke-base-300" strokeWidth={1} />
            ))}
            {days.map((day, i) => {
              const height = (day.revenue / top) * plotHeight;
              const x = PLOT.left + i * slot;
              // Every seventh day is named under the axis, counted back from today so today is always named.
              const labelled = (days.length - 1 - i) % 7 === 0;
              return (
                <g key={day.date}>
                  <rect x={x + slot * 0.15} y={y(day.revenue)} width={slot * 0.7} height={Math.max(0, height)} rx={2} className="fill-primary">
                    <title>{`${dayLabel(day.date, 'long')}: ${formatDollars(day.revenue)}, ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`}</title>
                  </rect>
                  {labelled ? (
                    // The last label (today) ends at its bar, so it is never cut off at the edge.
                    <text
                      x={i === days.length - 1 ? x + slot : x + slot / 2}
                      y={HEIGHT - 8}
                      textAnchor={i === days.length - 1 ? 'end' : 'middle'}
                      className="fill-current text-[13px] opacity-80"
                    >
                      {dayLabel(day.date)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} className="stroke-base-content/60" strokeWidth={1} />
          </svg>
        </div>
      </div>
      <figcaption className="text-sm text-base-content/80">{chartSummary(days)}</figcaption>
      <details className="rounded-box border border-base-300 bg-base-100">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 font-medium">The figures per day</summary>
        <div className="overflow-x-auto px-4 pb-4">
          <table className="table table-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col" className="text-right">
                  Orders paid
                </th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="font-normal">
                    {dayLabel(day.date, 'long')}
                  </th>
                  <td className="text-right tabular-nums">{day.orders}</td>
                  <td className="text-right tabular-nums">{formatDollars(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
