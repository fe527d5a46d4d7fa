// Starts the real server (server/main.ts) as a child process, for tests of start-up and shutdown.

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './databases';

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: string;
}

/** Project mode with a made-up project: no emulator is started, so start-up takes about a second. */
export function projectModeEnv(dataDir: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: 'demo-process-test',
    FIREBASE_API_KEY: 'demo-key',
    FIREBASE_AUTH_DOMAIN: 'demo-process-test.firebaseapp.com',
    ACCESS_TOKEN_SECRET: 'process-test-secret-that-is-long-enough',
    SEED: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited, url: `http://127.0.0.1:${env.PORT}` };
}

export async function waitReady(server: ServerProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready: ${server.output()}`);
}
