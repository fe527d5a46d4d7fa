// The searches waiting in the catalogue's worker (worker.ts). Each is answered from the saved
// catalogue's index; one the page has given up on (the dealer typed on, so a newer search replaced it) is
// dropped before it runs. Searches are taken a turn of the event loop after they arrive, so the page's
// cancels queued behind them are seen first, and all of them wait for one index build, not one each.

import type { CancelRequest, SearchReply, SearchRequest } from './worker-messages';
import type { CatalogueSearch } from './search';
import type { ProductPage } from '../../contract/product';

export type Answer = (search: CatalogueSearch) => Promise<{ data: ProductPage; savedAt: number } | undefined>;

export interface SearchQueue {
  take(request: SearchRequest | CancelRequest): void;
}

export function createSearchQueue(
  answer: Answer,
  reply: (message: SearchReply) => void,
  later: (run: () => void) => void = (run) => setTimeout(run, 0),
): SearchQueue {
  const waiting = new Map<number, CatalogueSearch>();
  /** A drain is scheduled or running: it takes every search that arrives before it ends. */
  let busy = false;

  async function drain(): Promise<void> {
    try {
      // Oldest first; a cancel that arrives while an earlier one is answered still drops a later one.
      for (const [id, search] of waiting) {
        let found: { data: ProductPage; savedAt: number } | undefined;
        try {
          found = await answer(search);
        } catch (error) {
          if (waiting.delete(id)) reply({ type: 'search', id, ok: false, message: error instanceof Error ? error.message : String(error) });
          continue;
        }
        if (waiting.delete(id)) reply({ type: 'search', id, ok: true, found: found ?? null });
      }
    } finally {
      busy = false;
    }
  }

  return {
    take(request) {
      if (request.type === 'cancel') {
        waiting.delete(request.id);
        return;
      }
      waiting.set(request.id, request.search);
      if (busy) return;
      busy = true;
      later(() => void drain());
    },
  };
}
