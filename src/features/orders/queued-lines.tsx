// The tools of a saved order of several tools in the saved-orders list, each with the server's
// reason when it refused that line, so the dealer sees what to fix before opening Edit.

import { formatCount, formatDollars } from '../../contract/pricing';
import type { OutboxLine } from '../../offline/outbox';

export function QueuedLines({ lines, label }: { lines: readonly OutboxLine[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-1 grid gap-1 text-sm font-normal">
      {lines.map((line) => (
        <li key={line.productId}>
          <span className="break-words">{line.productName}</span>
          <span className="tabular-nums text-base-content/80">
            {' '}
            · {formatCount(line.quantity)} pcs. × {formatDollars(line.unitPrice)}
          </span>
          {line.problem ? <span className="block font-medium text-error">{line.problem.message}</span> : null}
        </li>
      ))}
    </ul>
  );
}
