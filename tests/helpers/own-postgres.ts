// A PostgreSQL server of our own, from the installed binaries, in a temporary directory on a free port:
// for tests and benchmarks that stop and start the database under load, which the shared server other
// suites use at the same time must never be. initdb refuses to run as root, so as root the server runs
// as the `postgres` system user.

import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePortRange } from './ports';

export interface OwnPostgres {
  /** URL of the `postgres` database, with rights to create others. */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every session is ended, as a restart of the service does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

const DEBIAN_BINARIES = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory, or why there is none. */
export function findPostgresBinaries(): { dir: string } | { dir: null; reason: string } {
  if (!existsSync(DEBIAN_BINARIES)) return { dir: null, reason: `no PostgreSQL binaries in ${DEBIAN_BINARIES} (Debian package postgresql)` };
  const versions = readdirSync(DEBIAN_BINARIES)
    .filter((v) => existsSync(path.join(DEBIAN_BINARIES, v, 'bin', 'initdb')) && existsSync(path.join(DEBIAN_BINARIES, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const [newest] = versions;
  if (!newest) return { dir: null, reason: `no initdb and pg_ctl under ${DEBIAN_BINARIES}/*/bin` };
  if (userInfo().uid === 0 && systemUser('postgres') === null)
    return { dir: null, reason: 'running as root and there is no `postgres` user for initdb to run as' };
  return { dir: path.join(DEBIAN_BINARIES, newest, 'bin') };
}

function systemUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Runs a PostgreSQL binary, as `postgres` when we are root; rejects with its output when it fails. */
function run(binDir: string, tool: string, args: string[]): Promise<void> {
  const binary = path.join(binDir, tool);
  const [command, argv] = userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} exited with ${String(code)}:\n${output}`))));
  });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const found = findPostgresBinaries();
  if (found.dir === null) throw new Error(found.reason);
  const binDir = found.dir;
  const root = mkdtempSync(path.join(tmpdir(), 'forgeline-own-pg-'));
  const owner = userInfo().uid === 0 ? systemUser('postgres') : null;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePortRange(1);
  // Durability against a machine crash is not what is tested here: committed data survives a server
  // stop or crash without fsync, since the operating system still holds it.
  const options = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c full_page_writes=off', '-c max_connections=200'].join(' ');
  await run(binDir, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  let running = false;
  const start = async () => {
    await run(binDir, 'pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']).catch((error: unknown) => {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`);
    });
    running = true;
  };
  const stop = async () => {
    await run(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  try {
    await start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async close() {
      try {
        if (running) await stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
