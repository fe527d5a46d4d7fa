// Child processes for the benchmarks: the storefront server exactly as `npm start` runs it (after the
// build), and small baseline scripts. Each runs in its own process so it gets a core of its own.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_TMP = path.join(ROOT, '.tmp', 'bench');

/** The benchmarks' ports: servers in 3360-3369, the Auth emulator in 9360-9369 (it also takes +1 and +2). */
const SERVER_PORTS = [3360, 3361, 3362, 3363, 3364, 3365, 3366, 3367, 3368, 3369];
const AUTH_PORTS = [9360, 9363, 9366];

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free server port of our range, other than those in `taken`. */
export async function freeServerPort(taken: number[] = []): Promise<number> {
  for (const port of SERVER_PORTS) if (!taken.includes(port) && (await isFree(port))) return port;
  throw new Error(`no free port in ${SERVER_PORTS[0]}-${SERVER_PORTS.at(-1)}`);
}

/** A free Auth emulator port of our range whose two neighbours are free too. */
export async function freeAuthPort(): Promise<number> {
  for (const port of AUTH_PORTS) {
    if ((await isFree(port)) && (await isFree(port + 1)) && (await isFree(port + 2))) return port;
  }
  throw new Error(`no free Auth emulator port among ${AUTH_PORTS.join(', ')} (each needs +1 and +2 free as well)`);
}

export function benchDir(name: string): string {
  const dir = path.join(BENCH_TMP, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is not there. */
export function cpuMillis(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export interface Child {
  pid: number;
  /** The last few KB of stdout and stderr, for error messages. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const running = new Set<Child>();

/** Stops every child still running: a benchmark that timed out leaves nothing behind. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((c) => c.stop()));
}

export function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopping: Promise<void> | null = null;
  const handle: Child = {
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
  running.add(handle);
  void exited.then(() => running.delete(handle));
  return handle;
}

/** Polls `url` until it answers 2xx; rejects when the process exits first or the time is up. */
export async function waitForOk(url: string, child: Child, timeoutMs: number, intervalMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`process exited (${exitCode}) before ${url} answered:\n${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${child.output()}`);
}

export interface ServerOptions {
  dataDir: string;
  /**
   * 'emulator' (default): local mode, as `npm start` runs with no Firebase project, starting the Auth
   * emulator. 'hosted': a Firebase project is configured, as in production, so no emulator is started;
   * for benchmarks that never sign anyone in.
   */
  identity?: 'emulator' | 'hosted';
  databaseUrl?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export interface Server extends Child {
  baseUrl: string;
  port: number;
  authPort: number;
  /** Milliseconds from spawn to the first ready /api/readyz. */
  readyMs: number;
}

/** Failures of a start that say nothing about the server: another try, on newly chosen ports, is fair. */
const RETRYABLE_START = [
  // The server gives the Auth emulator a minute; a machine busy enough can miss that.
  'Auth emulator did not start',
  // A port found free was taken by another program (a server of another bench, its emulator) before the
  // server listened on it: the server stops with this line (server/lib/port-in-use.ts).
  'the port is in use',
];

/** Starts `node --import tsx server/main.ts` as an operator would, with LOG_LEVEL=warn; a start that failed for a retryable reason is tried twice more. */
export async function startServer(options: ServerOptions): Promise<Server> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      const retryable = error instanceof Error && RETRYABLE_START.some((reason) => error.message.includes(reason));
      if (!retryable || attempt >= 3) throw error;
    }
  }
}

async function startServerOnce(options: ServerOptions): Promise<Server> {
  const port = await freeServerPort();
  const authPort = await freeAuthPort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    AUTH_EMULATOR_PORT: String(authPort),
    // Any free port for the local mail catcher, so a developer's own server keeps the default one.
    MAIL_CATCHER_PORT: '0',
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.identity === 'hosted'
      ? {
          FIREBASE_PROJECT_ID: 'demo-forgeline-bench',
          FIREBASE_API_KEY: 'demo-api-key',
          FIREBASE_AUTH_DOMAIN: 'demo-forgeline-bench.firebaseapp.com',
          ACCESS_TOKEN_SECRET: 'bench-secret-long-enough-for-hs256-signing-0123456789',
          SEED: 'true',
        }
      : {}),
    ...options.env,
  });
  const started = performance.now();
  const child = startChild(['--import', 'tsx', 'server/main.ts'], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${baseUrl}/api/readyz`, child, options.readyTimeoutMs ?? 180_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { ...child, baseUrl, port, authPort, readyMs: performance.now() - started };
}
