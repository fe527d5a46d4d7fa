// My Orders offline: the list is the one this device last saw, and what waits for the connection.

import { texts } from '../../contract/messages';
import { formatSavedAt } from '../../lib/saved-at';

export function OrdersSavedAt({ at }: { at: number }) {
  return (
    <p role="status" className="mb-4 rounded-box bg-warning/20 px-4 py-3 text-sm" data-testid="orders-saved-at">
      {texts.needsNetwork} Paying and deleting orders wait until you are back online. These are your orders as this device last saw them, on {formatSavedAt(at)}
      .
    </p>
  );
}
