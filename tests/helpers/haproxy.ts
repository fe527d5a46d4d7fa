// HAProxy in front of several server processes, as a shop runs them: round robin, each process checked
// on /api/readyz and taken out of rotation while it fails, and a request whose connection was refused
// sent to another process (a request that reached a process is never sent twice).

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortRange } from './ports';

export interface Haproxy {
  url: string;
  close(): Promise<void>;
}

/** HAProxy as Debian installs it, then whatever is on PATH; or why there is none. */
export function findHaproxy(): { binary: string } | { binary: null; reason: string } {
  for (const candidate of ['/usr/sbin/haproxy', 'haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return { binary: candidate };
    } catch {
      // Not this one.
    }
  }
  return { binary: null, reason: 'no haproxy in /usr/sbin or on PATH (Debian package haproxy)' };
}

/**
 * How often each process is checked; three failed checks take it out, two passed ones bring it back. A
 * check may take 2 s: on a busy machine a shorter one takes healthy processes out of rotation too.
 */
export const HEALTH_CHECK_INTERVAL_MS = 1000;

function configuration(port: number, backends: readonly string[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout check 2s',
    // Only a connection that failed is tried again (HAProxy's default retry-on), on another process.
    '  retries 3',
    '  option redispatch 1',
    '  option forwardfor',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  option httpchk GET /api/readyz',
    '  http-check expect status 200',
    `  default-server inter ${HEALTH_CHECK_INTERVAL_MS} fall 3 rise 2`,
    ...backends.map((backend, i) => `  server p${i} ${new URL(backend).host} check`),
    '',
  ].join('\n');
}

export async function startHaproxy(backends: readonly string[]): Promise<Haproxy> {
  const found = findHaproxy();
  if (found.binary === null) throw new Error(found.reason);
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-haproxy-'));
  const port = await freePortRange(1);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, configuration(port, backends));
  execFileSync(found.binary, ['-c', '-q', '-f', file]);
  // -db: in the foreground, so it stops with its process.
  const child: ChildProcess = spawn(found.binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-3000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-3000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        await close();
        throw new Error(`haproxy did not start on ${port}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { url, close };
}
