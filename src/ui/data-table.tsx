// The one table of every dashboard list. On narrow screens the table scrolls sideways and its
// first column stays in view, so rows stay readable on a phone.

import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Extra classes for a row, e.g. the status colour of My Orders. */
  rowClassName?: (row: T) => string;
  empty: ReactNode;
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowClassName, empty }: DataTableProps<T>) {
  if (rows.length === 0) return <p className="rounded-box bg-base-200 p-6 text-center">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-pin-cols">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column.header} scope="col" className={i === 0 ? 'bg-base-200' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.header} scope="row" className={`sticky left-0 z-10 bg-inherit font-medium ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
