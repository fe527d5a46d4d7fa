// Local mode: runs the Firebase Auth emulator as a child process and stops it with the server.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkPortFree } from '../lib/port-in-use';

export interface EmulatorHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  projectId: string;
  host: string;
  port: number;
  /** Working directory for its config, logs and saved accounts. */
  workDir: string;
  /** Keep accounts across restarts (import at start, export on exit). */
  persist: boolean;
  rootDir: string;
  timeoutMs?: number;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(options: EmulatorOptions): Promise<EmulatorHandle> {
  const url = `http://${options.host}:${options.port}`;
  // The hub and logging ports are derived from the auth port so that several local stacks can run side by
  // side. All three are checked before the Firebase CLI starts: it takes long to boot, and its own
  // complaint about a taken port is many lines that do not name our variable.
  const ports = { auth: options.port, hub: options.port + 1, logging: options.port + 2 };
  const advice = 'Set AUTH_EMULATOR_PORT to a free port whose next two ports are free too.';
  const { host } = options;
  await checkPortFree({ what: 'The Firebase Auth emulator', host, port: ports.auth, advice });
  await checkPortFree({ what: "The Firebase Auth emulator's hub (AUTH_EMULATOR_PORT + 1)", host, port: ports.hub, advice });
  await checkPortFree({ what: "The Firebase Auth emulator's logging (AUTH_EMULATOR_PORT + 2)", host, port: ports.logging, advice });
  mkdirSync(options.workDir, { recursive: true });
  const configFile = path.join(options.workDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: options.host, port: ports.auth },
        hub: { host: options.host, port: ports.hub },
        logging: { host: options.host, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const exportDir = path.join(options.workDir, 'export');
  const args = ['emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configFile];
  if (options.persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const bin = path.join(options.rootDir, 'node_modules', '.bin', 'firebase');
  const runner = path.join(options.rootDir, 'server', 'auth', 'emulator-runner.mjs');
  // The runner's stdin stays open for our lifetime; it stops the emulator when we exit in any way.
  const child: ChildProcess = spawn(process.execPath, [runner, bin, ...args], {
    cwd: options.workDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // Generous: on a loaded 2-core machine the Firebase CLI alone can take most of a minute to boot.
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  let ready = false;
  while (Date.now() < deadline) {
    const status = await Promise.race([exited.then(() => 'exited' as const), new Promise<'wait'>((r) => setTimeout(() => r('wait'), 300))]);
    if (status === 'exited') break;
    if (await answers(url)) {
      ready = true;
      break;
    }
  }
  if (!ready) {
    // SIGTERM, not SIGKILL: the runner must live long enough to stop the Firebase CLI it started.
    child.kill('SIGTERM');
    throw new Error(`The Firebase Auth emulator did not start at ${url}.\n${output}`);
  }

  let stopping: Promise<void> | null = null;
  return {
    url,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null) return;
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
