// The one table of every dashboard list. On narrow screens the table scrolls sideways and its first
// column stays in view (our own sticky cells: daisyUI's table-pin-cols pins every th, header cells
// included, to both edges). A wide list can instead ask to become a list of cards below a breakpoint
// (`stackBelow`), so a tablet never has to scroll sideways to reach a row's action; above it the list is
// a table only while the table fits its area (beside the dashboard's sidebar, with this page's rows),
// and cards again when it would not (docs/decisions/036). Lists paged on the server pass `pagination`;
// a refetch in the background passes `busy`, but a list every live order event refreshes (Manage Orders,
// Receivables) does so only while another page replaces its rows, or it would dim at every event. A row may open to details under it (`rowDetails`, e.g. the
// lines of a bulk order), drawn across the whole row. While the first page loads (`rows` undefined) the
// table shows `loading` under the same toolbar, so a search typed as the page opens stays in its box.

import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatCount } from '../contract/pricing';
import { Spinner } from './spinner';

/** Where a row is drawn: the table and the cards are both in the page (CSS shows one), so ids need the layout. */
export type RowLayout = 'table' | 'card';

export interface Column<T> {
  header: string;
  cell: (row: T, layout: RowLayout) => ReactNode;
  className?: string;
  /** The row's buttons: on a card they sit at the bottom, without a label. */
  action?: boolean;
}

export interface Pagination {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** What opens under a row: `id` for the control's aria-controls, drawn hidden while `open` is false. */
export interface RowDetails {
  id: string;
  open: boolean;
  content: ReactNode;
}

/** `laptop` is 1024 px: a laptop gets the table, a tablet the cards. */
export type StackBreakpoint = 'md' | 'lg' | 'laptop' | 'xl' | '2xl';

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  /** Undefined while the first page loads. */
  rows: T[] | undefined;
  /** What is loading, said by the spinner while `rows` is undefined. */
  loading?: string;
  rowKey: (row: T) => string;
  /** Extra classes for a row, e.g. the status colour of My Orders. */
  rowClassName?: (row: T) => string;
  empty: ReactNode;
  /** Rows are being refreshed: they stay on screen, dimmed, and assistive tech is told. */
  busy?: boolean;
  pagination?: Pagination;
  /** Shown above the table and kept when there are no rows (filters, search). */
  toolbar?: ReactNode;
  /** Below this breakpoint the rows are shown as cards instead of a table. */
  stackBelow?: StackBreakpoint;
  /** Details under a row; null for rows that have none. */
  rowDetails?: (row: T, layout: RowLayout) => RowDetails | null;
}

// Whole class names, so Tailwind finds them: [table wrapper, card list].
const STACK_CLASSES: Record<StackBreakpoint, [string, string]> = {
  md: ['hidden md:block', 'md:hidden'],
  lg: ['hidden lg:block', 'lg:hidden'],
  laptop: ['hidden min-[64rem]:block', 'min-[64rem]:hidden'],
  xl: ['hidden xl:block', 'xl:hidden'],
  '2xl': ['hidden 2xl:block', '2xl:hidden'],
};

/**
 * Whether the table fits its area, or gives way to the cards. The table is measured before the browser
 * paints, so a reader never sees a row whose actions are cut off. While the cards are shown, the table is
 * tried again when the rows change (drawn, measured and given way before paint), when the area grows wider
 * than it was when the table did not fit, and once the page's fonts have loaded.
 */
function useTableFits(enabled: boolean, rows: unknown, area: RefObject<HTMLDivElement | null>, frame: RefObject<HTMLDivElement | null>) {
  // The area's width when the table last did not fit it; null while it fits.
  const [failedAt, setFailedAt] = useState<number | null>(null);
  useLayoutEffect(() => setFailedAt(null), [rows]);
  useEffect(() => {
    if (!enabled || typeof document === 'undefined' || !('fonts' in document) || document.fonts.status === 'loaded') return;
    let live = true;
    void document.fonts.ready.then(() => live && setFailedAt(null));
    return () => {
      live = false;
    };
  }, [enabled]);
  useLayoutEffect(() => {
    const areaElement = area.current;
    const frameElement = frame.current;
    if (!enabled || !areaElement || !frameElement || typeof ResizeObserver === 'undefined') return;
    const table = frameElement.querySelector('table');
    const check = () => {
      if (failedAt !== null) {
        // Only a wider area can fit it now; trying on a narrower one (the cards' own scrollbar) would flicker.
        if (areaElement.clientWidth > failedAt) setFailedAt(null);
        return;
      }
      // Below the stacking breakpoint the table is not drawn (the cards are): nothing to measure.
      if (!table || frameElement.getClientRects().length === 0) return;
      if (table.offsetWidth > frameElement.clientWidth) setFailedAt(areaElement.clientWidth);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(areaElement);
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
  return failedAt === null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

function Pager({ page, pageSize, total, onPageChange, busy, label }: Pagination & { busy: boolean; label: string }) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-3">
      <p className="text-sm text-base-content/80" aria-live="polite">
        {total === 0 ? 'No results' : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="join">
        <button type="button" className="btn join-item" disabled={busy || page <= 1} onClick={() => onPageChange(page - 1)}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <span className="btn join-item pointer-events-none bg-base-100 font-normal" aria-current="page">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn join-item" disabled={busy || page >= pages} onClick={() => onPageChange(page + 1)}>
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
    </nav>
  );
}

export function DataTable<T>({
  caption,
  columns,
  rows: loadedRows,
  loading,
  rowKey,
  rowClassName,
  empty,
  busy = false,
  pagination,
  toolbar,
  stackBelow,
  rowDetails,
}: DataTableProps<T>) {
  const rows = loadedRows ?? [];
  const captionId = useId();
  const area = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const fits = useTableFits(stackBelow !== undefined, loadedRows, area, frame);
  const pager = pagination && pagination.total > 0 ? <Pager {...pagination} busy={busy} label={caption} /> : null;
  const [tableVisibility, cardsVisibility] = !stackBelow ? ['', ''] : fits ? STACK_CLASSES[stackBelow] : ['hidden', ''];

  const table = (
    <div
      ref={frame}
      className={`overflow-x-auto rounded-box border border-base-300 transition-opacity ${busy ? 'opacity-60' : ''} ${tableVisibility}`}
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      aria-busy={busy}
    >
      <table className="table">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {/* daisyUI's header text is 60% of the text colour, under AA contrast on base-200. */}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column.header} scope="col" className={`bg-base-200 text-base-content/85 ${i === 0 ? 'sticky left-0 z-10' : ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const details = rowDetails?.(row, 'table') ?? null;
            const colour = rowClassName?.(row) ?? '';
            // The pinned first column needs a solid background, or the scrolled cells show through it.
            const stickyBackground = colour ? 'bg-inherit' : 'bg-base-100';
            return (
              <Fragment key={rowKey(row)}>
                <tr className={[colour, details?.open ? 'border-b-0' : null].filter(Boolean).join(' ') || undefined}>
                  {columns.map((column, i) =>
                    i === 0 ? (
                      <th key={column.header} scope="row" className={`sticky left-0 z-10 font-medium ${stickyBackground} ${column.className ?? ''}`}>
                        {column.cell(row, 'table')}
                      </th>
                    ) : (
                      <td key={column.header} className={column.className}>
                        {column.cell(row, 'table')}
                      </td>
                    ),
                  )}
                </tr>
                {details ? (
                  <tr id={details.id} hidden={!details.open} className={rowClassName?.(row)}>
                    <td colSpan={columns.length} className="pt-0">
                      {details.content}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  const [titleColumn, ...otherColumns] = columns;
  const cards = stackBelow ? (
    <ul aria-label={caption} aria-busy={busy} className={`grid gap-3 transition-opacity sm:grid-cols-2 ${busy ? 'opacity-60' : ''} ${cardsVisibility}`}>
      {rows.map((row) => {
        const details = rowDetails?.(row, 'card') ?? null;
        return (
          <li key={rowKey(row)} className={`flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 ${rowClassName?.(row) ?? ''}`}>
            {titleColumn ? <p className="font-semibold">{titleColumn.cell(row, 'card')}</p> : null}
            {details ? (
              <div id={details.id} hidden={!details.open}>
                {details.content}
              </div>
            ) : null}
            <dl className="grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {otherColumns
                .filter((column) => !column.action)
                .map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-base-content/70">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row, 'card')}</dd>
                  </div>
                ))}
            </dl>
            {otherColumns
              .filter((column) => column.action)
              .map((column) => (
                <div key={column.header} className="mt-auto flex flex-wrap gap-2">
                  {column.cell(row, 'card')}
                </div>
              ))}
          </li>
        );
      })}
    </ul>
  ) : null;

  const body =
    loadedRows === undefined ? (
      <Spinner label={loading} />
    ) : rows.length === 0 ? (
      <p className="rounded-box bg-base-200 p-6 text-center" aria-busy={busy}>
        {empty}
      </p>
    ) : (
      <div ref={area}>
        {table}
        {cards}
      </div>
    );
  if (!toolbar && !pager) return body;
  return (
    <div>
      {toolbar ? <div className="pb-4">{toolbar}</div> : null}
      {body}
      {pager}
    </div>
  );
}
