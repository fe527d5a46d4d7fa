// The dealers' live orders of one process (docs/architecture.md, "Live orders"; decision 014): the same change
// notifications the admins' stream follows, each written only to the streams of dealers and reps who see that
// order by the one rule of who sees an order (dealerSeesOrder), asked of the database for each change, so a
// change of membership or role applies to the very next event. A change carries the order's id, status and
// kind, never a count of the shop's orders.

import { LIVE_ORDER_EVENTS, type OrderChange } from '../../src/contract/live-orders';
import { parseOrderChange } from '../repositories/order-events';
import { formatEvent } from './live-orders';
import { randomBytes } from 'node:crypto';

export interface DealerOrdersClient {
  /** The account the stream is for. */
  userId: string;
  /** Writes text to the stream; false once the stream is gone. */
  write(chunk: string): boolean;
  end(): void;
  /** Whether the stream may go on: checked at every heartbeat. */
  stillAllowed(): Promise<boolean>;
}

export interface DealerOrdersHub {
  subscribe(client: DealerOrdersClient): () => void;
  readonly size: number;
  notify(payload: string | null): void;
  close(): void;
}

export interface DealerOrdersOptions {
  /** Which of these accounts see the order now; a deleted order is seen by none. */
  seenBy: (orderId: string, userIds: string[]) => Promise<Set<string>>;
  heartbeatMs: number;
  retryMs: number;
  onError: (error: unknown) => void;
}

export function dealerOrdersHub(options: DealerOrdersOptions): DealerOrdersHub {
  const clients = new Set<DealerOrdersClient>();
  const boot = randomBytes(4).toString('hex');
  let seq = 0;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;
  // Changes are written in the order they arrive, each after the one before it.
  let queue: Promise<void> = Promise.resolve();

  const nextId = () => {
    seq += 1;
    return `${boot}-${seq}`;
  };
  const remove = (client: DealerOrdersClient) => {
    clients.delete(client);
    if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };
  const writeTo = (targets: DealerOrdersClient[], name: string, data: unknown) => {
    const text = formatEvent(nextId(), name, data);
    for (const client of targets) if (!client.write(text)) remove(client);
  };
  const beat = () => {
    for (const client of [...clients]) {
      if (!client.write(': heartbeat\n\n')) {
        remove(client);
        continue;
      }
      client
        .stillAllowed()
        .then((allowed) => {
          if (allowed || !clients.has(client)) return;
          remove(client);
          client.end();
        })
        .catch(options.onError);
    }
  };
  const deliver = async (change: OrderChange) => {
    const listening = [...clients];
    if (listening.length === 0) return;
    const seen = await options.seenBy(change.id, [...new Set(listening.map((client) => client.userId))]);
    writeTo(
      listening.filter((client) => seen.has(client.userId) && clients.has(client)),
      LIVE_ORDER_EVENTS.order,
      change,
    );
  };

  return {
    get size() {
      return clients.size;
    },
    subscribe(client) {
      if (closed) {
        client.end();
        return () => undefined;
      }
      if (!client.write(`retry: ${options.retryMs}\n\n${formatEvent(nextId(), LIVE_ORDER_EVENTS.ready, {})}`)) return () => undefined;
      clients.add(client);
      heartbeat ??= setInterval(beat, options.heartbeatMs);
      heartbeat.unref();
      return () => remove(client);
    },
    notify(payload) {
      if (clients.size === 0 || closed) return;
      if (payload === null) {
        // Changes may have been missed: every list is fetched again.
        writeTo([...clients], LIVE_ORDER_EVENTS.resync, {});
        return;
      }
      const change = parseOrderChange(payload);
      if (!change) return;
      queue = queue.then(() => deliver(change)).catch(options.onError);
    },
    close() {
      closed = true;
      for (const client of [...clients]) {
        remove(client);
        client.end();
      }
    },
  };
}
