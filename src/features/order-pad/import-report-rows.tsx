// The import report's rows (import-dialog.tsx): one row a tool of the list, with its quantity box, its check
// and a button to drop it. A list of a thousand rows is drawn a window at a time in the report's own scroll
// (@tanstack/react-virtual), each row still a list item that says where it stands among all of them; the row
// holding the focus stays drawn (windowed-list.ts).

import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type Ref } from 'react';
import { formatCount } from '../../contract/pricing';
import { QuantityInput } from '../../ui/quantity-input';
import type { ImportRow } from './import-list';
import { OVERSCAN, useKeptFocus, WINDOWED_FROM } from './windowed-list';

/** Lines of the list a report row came from, as the dealer reads them. */
const linesText = (lines: readonly number[]) => (lines.length === 1 ? `Line ${lines[0]}` : `Lines ${lines.join(', ')}`);

/** A row's height before it is measured: one row of the grid from the sm breakpoint, stacked below it. */
const estimatedHeight = () => (typeof window !== 'undefined' && window.matchMedia?.('(min-width: 640px)').matches ? 69 : 120);

/** The id of a row's drop button, where the focus goes when the row before it is dropped. */
export const dropButtonId = (idBase: string, key: string) => `${idBase}-drop-${key}`;

interface ItemProps {
  ref?: Ref<HTMLLIElement>;
  className?: string;
  style?: CSSProperties;
  'data-index'?: number;
  'aria-posinset'?: number;
  'aria-setsize'?: number;
}

interface ReportRowProps {
  row: ImportRow;
  index: number;
  /** The quantity box's text: what the dealer typed, else the list's quantity. */
  value: string;
  idBase: string;
  onQuantity: (row: ImportRow, value: string) => void;
  onDrop: (row: ImportRow, index: number) => void;
  itemProps: ItemProps;
}

function ReportRow({ row, index, value, idBase, onQuantity, onDrop, itemProps }: ReportRowProps) {
  const boxId = `${idBase}-quantity-${row.key}`;
  const resultId = `${boxId}-result`;
  const name = row.product?.name ?? row.sku;
  return (
    <li
      {...itemProps}
      data-testid="import-row"
      data-problem={row.problem?.code ?? 'ready'}
      className={`${itemProps.className ?? ''} grid grid-cols-[minmax(0,1fr)_7rem_2.75rem] items-start gap-x-3 gap-y-1 px-3 py-3 sm:grid-cols-[5rem_minmax(0,1fr)_7rem_minmax(0,1.3fr)_2.75rem] sm:items-center`}
    >
      <p className="col-span-3 text-xs text-base-content/75 sm:col-span-1 sm:text-sm">{linesText(row.lines)}</p>
      <div className="min-w-0">
        <p className="font-mono text-sm">{row.sku}</p>
        {row.product ? <p className="break-words text-sm font-semibold leading-snug">{row.product.name}</p> : null}
      </div>
      <div>
        <label htmlFor={boxId} className="sr-only">
          Quantity (pcs.) of {name}
        </label>
        <QuantityInput
          id={boxId}
          compact
          disabled={row.product === null || row.problem?.code === 'pad_full'}
          invalid={row.problem !== null}
          aria-describedby={resultId}
          value={value}
          onChange={(event) => onQuantity(row, event.target.value)}
        />
      </div>
      <button
        type="button"
        id={dropButtonId(idBase, row.key)}
        className="btn btn-ghost btn-square size-11 sm:col-start-5 sm:row-start-1"
        aria-label={`Drop the row of ${name}`}
        onClick={() => onDrop(row, index)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      <div id={resultId} className="col-span-3 text-sm sm:col-span-1 sm:col-start-4 sm:row-start-1">
        {row.problem ? (
          <p className="font-medium text-error" data-testid="import-row-problem">
            {row.problem.message}
          </p>
        ) : (
          <p className="text-success-content/90">
            <span className="badge badge-success badge-sm">Ready</span>
            {row.onPad > 0 ? <span className="ml-2 text-base-content/80">adds to {formatCount(row.onPad)} pcs. on the pad</span> : null}
          </p>
        )}
        {row.lines.length > 1 ? <p className="text-base-content/75">{row.lines.length} rows merged</p> : null}
        {row.suggestion !== null ? (
          <button type="button" className="btn btn-outline btn-sm mt-1 min-h-11 sm:min-h-8" onClick={() => onQuantity(row, String(row.suggestion))}>
            Use {formatCount(row.suggestion)} pcs.
          </button>
        ) : null}
      </div>
    </li>
  );
}

export interface ImportReportRowsProps {
  rows: readonly ImportRow[];
  typed: ReadonlyMap<string, string>;
  idBase: string;
  summaryId: string;
  onQuantity: (row: ImportRow, value: string) => void;
  onDrop: (row: ImportRow, index: number) => void;
}

export function ImportReportRows({ rows, typed, idBase, summaryId, onQuantity, onDrop }: ImportReportRowsProps) {
  const windowed = rows.length > WINDOWED_FROM;
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where the list starts in the scroll: below the columns' sticky header, when it shows.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = list.current?.offsetTop ?? 0;
      setListTop((before) => (before === top ? before : top));
    };
    measure();
    // The header shows from the sm breakpoint only: measured again when the report's width changes.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (scroller.current) observer?.observe(scroller.current);
    return () => observer?.disconnect();
  }, [windowed]);
  const keptFocus = useKeptFocus();
  const virtualizer = useVirtualizer({
    count: windowed ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: estimatedHeight,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    getItemKey: (index) => rows[index]?.key ?? index,
    rangeExtractor: keptFocus.rangeExtractor,
  });
  const valueOf = (row: ImportRow) => typed.get(row.key) ?? (row.quantity === null ? '' : String(row.quantity));
  const rowProps = (row: ImportRow, index: number) => ({ row, index, value: valueOf(row), idBase, onQuantity, onDrop });

  return (
    <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto rounded-box border border-base-300">
      <div
        aria-hidden="true"
        className="sticky top-0 z-10 hidden grid-cols-[5rem_minmax(0,1fr)_7rem_minmax(0,1.3fr)_2.75rem] gap-x-3 border-b border-base-300 bg-base-100 px-3 py-2 text-sm font-semibold text-base-content/75 sm:grid"
      >
        <span>Line</span>
        <span>Tool</span>
        <span className="text-right">Quantity (pcs.)</span>
        <span>Check</span>
        <span />
      </div>
      {windowed ? (
        <ul
          ref={list}
          aria-label="Rows of the list"
          aria-describedby={summaryId}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
          {...keptFocus.listeners}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <ReportRow
                key={item.key}
                {...rowProps(row, item.index)}
                itemProps={{
                  ref: virtualizer.measureElement,
                  'data-index': item.index,
                  'aria-posinset': item.index + 1,
                  'aria-setsize': rows.length,
                  className: 'absolute inset-x-0 top-0 border-b border-base-300',
                  style: { transform: `translateY(${item.start - listTop}px)` },
                }}
              />
            );
          })}
        </ul>
      ) : (
        <ul ref={list} aria-label="Rows of the list" aria-describedby={summaryId} className="divide-y divide-base-300">
          {rows.map((row, index) => (
            <ReportRow key={row.key} {...rowProps(row, index)} itemProps={{}} />
          ))}
        </ul>
      )}
    </div>
  );
}
