// The lines of a bulk order, for My Orders and Manage Orders: the order reads as one row named after its
// first tool ("DX20 Drill and 4 more"), and a disclosure button opens it to every line.

import { useId, useState, type ReactNode } from 'react';
import { formatPrice, type CurrencyCode } from '../contract/money';
import { lineAmounts, type Order, type OrderLine } from '../contract/order';
import { formatCount } from '../contract/pricing';
import type { RowDetails, RowLayout } from './data-table';
import { PICTURE_SIZES, pictureSources } from './product-picture';

interface OrderLike {
  productName: string;
  lines?: readonly OrderLine[] | undefined;
  currency?: Order['currency'];
}

/** More than one tool: such an order is shown as one row that opens to its lines. */
export function isMultiLine(order: OrderLike): boolean {
  return (order.lines?.length ?? 0) > 1;
}

/** The one-line name of an order: its tool, or its first tool and how many more. */
export function orderTitle(order: OrderLike): string {
  const more = (order.lines?.length ?? 1) - 1;
  return more > 0 ? `${order.productName} and ${more} more` : order.productName;
}

export interface LinesToggleProps {
  order: OrderLike;
  open: boolean;
  /** The id of the element holding the lines. */
  controls: string;
  onToggle: () => void;
}

/** The disclosure button of a bulk order's row. */
export function LinesToggle({ order, open, controls, onToggle }: LinesToggleProps) {
  return (
    <button
      type="button"
      className="flex min-h-11 items-center gap-2 text-left hover:underline focus-visible:underline"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}>
        <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {/* Wide enough that a long first name does not stack word by word in a narrow table column. */}
      <span className="min-w-36">{orderTitle(order)}</span>
    </button>
  );
}

function Picture({ line }: { line: OrderLine }) {
  return line.imageUrl ? (
    <img
      {...pictureSources(line.imageUrl, PICTURE_SIZES.thumbnail)}
      alt=""
      width={48}
      height={36}
      loading="lazy"
      className="h-9 w-12 shrink-0 rounded bg-base-200 object-cover"
    />
  ) : (
    <span aria-hidden="true" className="h-9 w-12 shrink-0 rounded bg-base-200" />
  );
}

const pieces = (quantity: number) => `${formatCount(quantity)} pcs.`;

function LineSku({ line }: { line: OrderLine }) {
  return line.sku ? <span className="block font-mono text-xs text-base-content/75">SKU {line.sku}</span> : null;
}

export interface OrderLinesProps {
  lines: readonly OrderLine[];
  /** Names the list for assistive tech, e.g. "Lines of the order DX20 Drill and 4 more". */
  label: string;
  /** A table where there is room for columns; a list on a card. */
  layout: RowLayout;
  /** The order's currency, in which its lines' amounts are. */
  currency: CurrencyCode;
}

export function OrderLines({ lines, label, layout, currency }: OrderLinesProps) {
  const money = (minor: number) => formatPrice(minor, currency);
  if (layout === 'card') {
    return (
      <ul aria-label={label} className="grid gap-2 rounded-box bg-base-100/70 p-2 text-sm font-normal">
        {lines.map((line, i) => (
          <li key={`${line.productId ?? 'gone'}-${i}`} className="flex items-center gap-3">
            <Picture line={line} />
            <span className="grid min-w-0 flex-1">
              <span className="break-words font-medium">{line.productName}</span>
              <LineSku line={line} />
              <span className="tabular-nums text-base-content/80">
                {pieces(line.quantity)} × {money(lineAmounts(line).unit)} = <strong className="text-base-content">{money(lineAmounts(line).total)}</strong>
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="table table-sm max-w-3xl rounded-box bg-base-100/70">
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr>
          <th scope="col" className="text-base-content/85">
            Tool
          </th>
          <th scope="col" className="text-right text-base-content/85">
            Quantity
          </th>
          <th scope="col" className="text-right text-base-content/85">
            Unit price
          </th>
          <th scope="col" className="text-right text-base-content/85">
            Line total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={`${line.productId ?? 'gone'}-${i}`}>
            <th scope="row" className="font-normal">
              <span className="flex items-center gap-3">
                <Picture line={line} />
                <span>
                  {line.productName}
                  <LineSku line={line} />
                </span>
              </span>
            </th>
            <td className="text-right tabular-nums whitespace-nowrap">{pieces(line.quantity)}</td>
            <td className="text-right tabular-nums">{money(lineAmounts(line).unit)}</td>
            <td className="text-right tabular-nums font-semibold">{money(lineAmounts(line).total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The disclosure of bulk orders in a DataTable: `productCell` for the Product column (the tool's name, or
 * the button of a bulk order) and `rowDetails` for the table (its lines, under the row).
 */
export function useOrderLinesDisclosure<T extends OrderLike & { _id: string }>() {
  const ids = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const linesId = (order: T, layout: RowLayout) => `${ids}-lines-${order._id}-${layout}`;
  const productCell = (order: T, layout: RowLayout): ReactNode =>
    isMultiLine(order) ? (
      <LinesToggle order={order} open={opened.has(order._id)} controls={linesId(order, layout)} onToggle={() => toggle(order._id)} />
    ) : (
      order.productName
    );
  const rowDetails = (order: T, layout: RowLayout): RowDetails | null =>
    isMultiLine(order)
      ? {
          id: linesId(order, layout),
          open: opened.has(order._id),
          content: <OrderLines lines={order.lines ?? []} label={`Lines of ${orderTitle(order)}`} layout={layout} currency={order.currency ?? 'USD'} />,
        }
      : null;
  return { productCell, rowDetails };
}
