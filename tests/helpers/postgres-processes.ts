// Real server processes on one fresh PostgreSQL database, for the tests of several processes sharing it.
// usePostgresProcesses() registers, in the describe block that calls it, a beforeAll that creates the
// database and starts one process per port, and an afterAll that stops them (SIGTERM, then SIGKILL with
// their output in the error if one does not exit or exits with an error) and drops the database. Like useTestApp, the returned
// object is filled in before the block's first test.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { createPostgresDatabase } from './databases';
import { projectModeEnv, startServer, waitReady, type ServerProcess } from './server-process';
import '../setup/provided';

export interface PostgresProcesses {
  /** A connection of the test's own to the processes' database. */
  readonly database: Database;
  /** The database's name, to find its backends in pg_stat_activity. */
  readonly databaseName: string;
  readonly servers: readonly ServerProcess[];
}

export interface PostgresProcessesOptions {
  ports: readonly number[];
  /** The access token secret every process shares, so a test can mint tokens with it. */
  secret: string;
  /** Environment beyond project mode, the database and the secret. */
  env?: Record<string, string>;
  /** Runs before the processes are stopped (closing a proxy or the streams in front of them). */
  beforeStop?: () => Promise<void> | void;
}

/** How long a process may take to exit after SIGTERM before the test kills it and fails. */
const EXIT_TIMEOUT_MS = 20_000;

/**
 * SIGTERM, and every process must shut down cleanly (exit code 0) within the timeout; one still running
 * then is killed. The error names each process that did not, with its output.
 */
export async function stopServers(servers: readonly ServerProcess[], timeoutMs = EXIT_TIMEOUT_MS): Promise<void> {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  const failures = await Promise.all(
    servers.map(async (server) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
      const outcome = await Promise.race([server.exited, late]);
      clearTimeout(timer);
      if (outcome === 0) return null;
      if (outcome !== 'late') return `${server.url} exited with code ${String(outcome)} after SIGTERM:\n${server.output()}`;
      server.child.kill('SIGKILL');
      await server.exited;
      return `${server.url} did not exit within ${timeoutMs} ms of SIGTERM:\n${server.output()}`;
    }),
  );
  const failed = failures.filter((f): f is string => f !== null);
  if (failed.length > 0) throw new Error(failed.join('\n\n'));
}

export function usePostgresProcesses(options: PostgresProcessesOptions): PostgresProcesses {
  const postgresUrl = inject('postgresUrl');
  const postgresTemplate = inject('postgresTemplate');
  let database: Database | null = null;
  let databaseName = '';
  let drop: (() => Promise<void>) | null = null;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!postgresUrl || !postgresTemplate) return;
    const created = await createPostgresDatabase(postgresUrl, postgresTemplate);
    drop = created.drop;
    databaseName = new URL(created.url).pathname.slice(1);
    database = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 4 });
    for (const port of options.ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-processes-'));
      servers.push(startServer(projectModeEnv(dataDir, port, { DATABASE_URL: created.url, ACCESS_TOKEN_SECRET: options.secret, ...options.env })));
    }
    await Promise.all(servers.map((s) => waitReady(s)));
  }, 180_000);

  afterAll(async () => {
    try {
      await options.beforeStop?.();
      await stopServers(servers);
    } finally {
      await database?.close();
      await drop?.();
    }
  }, 60_000);

  return {
    get database() {
      if (!database) throw new Error('usePostgresProcesses: the database is opened in beforeAll; use it inside tests and hooks.');
      return database;
    },
    get databaseName() {
      return databaseName;
    },
    servers,
  };
}
