// Redis for the tests of shared rate limits: finding a reachable server, and a TCP relay in front of it
// that a test can cut and restore to play a Redis that goes away and comes back.

import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** REDIS_URL, or the local server when one answers; null when there is none. */
export async function reachableRedis(env: Record<string, string | undefined> = process.env): Promise<string | null> {
  const url = env.REDIS_URL ?? LOCAL_REDIS;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG' ? url : null;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

export interface TcpRelay {
  /** redis:// URL of the relay, with the target's database path. */
  url: string;
  /** Refuses new connections and drops the open ones, as a Redis that went away. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpRelay(targetUrl: string): Promise<TcpRelay> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let server: Server | null = make();
  const port = await listen(server, 0);
  const stop = async () => {
    const current = server;
    server = null;
    for (const s of sockets) s.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: stop,
    async restore() {
      if (server) return;
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}

/**
 * Waits until `readyz` says Redis is up: a first connection refused on a busy machine is retried in the
 * background, and until then the limits pass uncounted.
 */
export async function untilRedisUp(readyz: () => Promise<{ redis?: string }>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await readyz()).redis !== 'up') {
    if (Date.now() > deadline) throw new Error('Redis did not come up in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
