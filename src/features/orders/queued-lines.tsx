// The tools of a saved order of several tools in the saved-orders list, each with the server's
// reason when it refused that line, so the dealer sees what to fix before opening Edit.

import { formatCount } from '../../contract/pricing';
import type { OutboxItem } from '../../offline/outbox';
import { priceChangeText, pricedFromList, queuedFormat, savedUnit } from './queued-money';

export function QueuedLines({ item, label }: { item: Pick<OutboxItem, 'lines' | 'currency'>; label: string }) {
  const { lines } = item;
  const listed = pricedFromList(item);
  const format = queuedFormat(item);
  return (
    <ul aria-label={label} className="mt-1 grid gap-1 text-sm font-normal">
      {lines.map((line) => (
        <li key={line.productId}>
          <span className="break-words">{line.productName}</span>
          <span className="tabular-nums text-base-content/80">
            {' '}
            · {formatCount(line.quantity)} pcs. × {format(savedUnit(line, listed))}
          </span>
          {line.problem ? (
            <span className="block font-medium text-error">
              {line.problem.message}
              {priceChangeText(line, format) ? <span data-testid="queued-price-change"> ({priceChangeText(line, format)})</span> : null}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
