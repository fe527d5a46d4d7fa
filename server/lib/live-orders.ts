// The live orders hub of one process (docs/architecture.md, "Live orders"; decision 014). The database's
// change notifications come in once per process, over the connection that already listens for the
// catalogue; each is counted once and written to every open stream, however many admins follow it.

import { randomBytes } from 'node:crypto';
import { LIVE_ORDER_EVENTS, type OrderChange, type OrderEvent, type OrdersCountEvent } from '../../src/contract/live-orders';
import { parseOrderChange } from '../repositories/order-events';

/** One open stream, as the route sees it. */
export interface LiveOrdersClient {
  /** Writes text to the stream; false once the stream is gone. */
  write(chunk: string): boolean;
  /** Ends the stream (shutdown, or the admin lost the right to it). */
  end(): void;
  /** Whether the stream may go on: checked at every heartbeat. */
  stillAllowed(): Promise<boolean>;
}

export interface LiveOrdersHub {
  /** Adds a stream, which gets the current count first; the returned function removes it. */
  subscribe(client: LiveOrdersClient): () => void;
  /** Open streams in this process, answered or not yet. */
  readonly size: number;
  /** The listener's handler: a notification's payload, or null when some may have been missed. */
  notify(payload: string | null): void;
  /** Ends every stream and refuses new ones: the server is shutting down. */
  close(): void;
}

export interface LiveOrdersOptions {
  countPaid: () => Promise<number>;
  heartbeatMs: number;
  retryMs: number;
  onError: (error: unknown) => void;
}

/** One server-sent event: an id, a name and one line of JSON. */
export function formatEvent(id: string, name: string, data: unknown): string {
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function liveOrdersHub(options: LiveOrdersOptions): LiveOrdersHub {
  const clients = new Set<LiveOrdersClient>();
  // Streams subscribed whose `ready` is not written yet: the next count is theirs.
  const newcomers = new Set<LiveOrdersClient>();
  // Ids are unique per process start, so a client reconnecting to another process can tell them apart.
  const boot = randomBytes(4).toString('hex');
  let seq = 0;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;
  const pending: OrderChange[] = [];
  let resync = false;
  let draining = false;

  const nextId = () => {
    seq += 1;
    return `${boot}-${seq}`;
  };
  const countOrNull = async (): Promise<number | null> => {
    try {
      return await options.countPaid();
    } catch (error) {
      options.onError(error);
      return null;
    }
  };
  const remove = (client: LiveOrdersClient) => {
    clients.delete(client);
    newcomers.delete(client);
    if (clients.size === 0 && newcomers.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };
  const broadcast = (name: string, data: OrderEvent | OrdersCountEvent) => {
    const text = formatEvent(nextId(), name, data);
    for (const client of [...clients]) if (!client.write(text)) remove(client);
  };
  const beat = () => {
    for (const client of [...clients]) {
      // A comment line keeps proxies and the browser from timing the connection out.
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

  // One count per burst of notifications (a job expiring many orders sends one each), in arrival order.
  // New streams are answered in the same loop, so no stream ever sees an older count after a newer one.
  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 || resync || newcomers.size > 0) {
        const batch = clients.size > 0 ? pending.splice(0) : [];
        pending.length = 0;
        const missed = resync && clients.size > 0;
        resync = false;
        const arriving = [...newcomers];
        const paidWaiting = await countOrNull();
        for (const change of batch) broadcast(LIVE_ORDER_EVENTS.order, { ...change, paidWaiting });
        if (missed) broadcast(LIVE_ORDER_EVENTS.resync, { paidWaiting });
        for (const client of arriving) {
          // Gone while counting (disconnected, or the server is closing): nothing to write.
          if (!newcomers.delete(client)) continue;
          const opening = `retry: ${options.retryMs}\n\n${formatEvent(nextId(), LIVE_ORDER_EVENTS.ready, { paidWaiting })}`;
          if (client.write(opening)) clients.add(client);
        }
      }
    } finally {
      draining = false;
    }
  };

  return {
    get size() {
      return clients.size + newcomers.size;
    },
    subscribe(client) {
      if (closed) {
        client.end();
        return () => undefined;
      }
      newcomers.add(client);
      heartbeat ??= setInterval(beat, options.heartbeatMs);
      heartbeat.unref();
      void drain();
      return () => remove(client);
    },
    notify(payload) {
      if (clients.size === 0 || closed) return;
      if (payload === null) resync = true;
      else {
        const change = parseOrderChange(payload);
        if (!change) return;
        pending.push(change);
      }
      void drain();
    },
    close() {
      closed = true;
      for (const client of [...clients, ...newcomers]) {
        remove(client);
        client.end();
      }
    },
  };
}
