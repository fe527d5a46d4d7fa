// A Redis server of our own, from the installed redis-server, on a free port and with nothing saved to
// disk: for tests and benchmarks that stop Redis under load, which the shared one must never be.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePortRange } from './ports';

export interface OwnRedis {
  url: string;
  /** Shuts Redis down (SIGTERM) and waits until the port is closed. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The redis-server binary on PATH, or why there is none. */
export function findRedisServer(): { binary: string } | { binary: null; reason: string } {
  try {
    const binary = execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
    if (binary) return { binary };
  } catch {
    // Not on PATH.
  }
  return { binary: null, reason: 'no redis-server on PATH (Debian package redis-server)' };
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const found = findRedisServer();
  if (found.binary === null) throw new Error(found.reason);
  const binary = found.binary;
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-own-redis-'));
  const port = await freePortRange(1);
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-3000)));
    started.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-3000)));
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(url))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await start();
  } catch (error) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
