// The Redis connection behind the shared rate-limit counters (docs/decisions/012-shared-state-for-several-processes.md).
// While Redis is away, commands fail at once instead of waiting in a queue, so no request waits for it to
// come back; the client keeps reconnecting on its own.

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface SharedRedis {
  client: Redis;
  /** host:port without credentials, for logs and the start-up lines. */
  where: string;
  /** Sends PING; resolves to whether Redis answered. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || '6379'}`;
  // Loaded only with REDIS_URL: a process without it does not pay for the client at start-up.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // A Redis that accepts connections but does not answer must not hold requests either: a counter
    // update takes well under a millisecond when Redis is healthy.
    commandTimeout: 500,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: where }, 'Redis is not reachable: each rate limit follows its rule for a missing store');
  });
  client.on('ready', () => {
    if (down) log.info({ redis: where }, 'Redis is reachable again: rate limits are shared again');
    down = false;
  });
  try {
    await client.connect();
  } catch {
    // Logged by the error listener; the client retries in the background and the limits fall back meanwhile.
  }
  return {
    client,
    where,
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
