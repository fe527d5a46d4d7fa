import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePortRange } from '../helpers/ports';
import { projectModeEnv, startServer, waitReady, type ServerProcess } from '../helpers/server-process';

describe('the server process', () => {
  const started: ServerProcess[] = [];
  afterEach(() => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  // Real processes start a server each: on a busy 2-core machine that takes far longer than one API call.
  it('lets one process own a PGlite data directory; a second exits at once naming both', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-proc-'));
    const first = startServer(projectModeEnv(dataDir, await freePortRange()));
    started.push(first);
    await waitReady(first);

    const second = startServer(projectModeEnv(dataDir, await freePortRange()));
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    // The first one is untouched.
    expect((await fetch(`${first.url}/api/healthz`)).status).toBe(200);
  }, 120_000);

  it('shuts down cleanly on SIGINT, releases the lock, and reopens the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-proc-'));
    const port = await freePortRange();
    const server = startServer(projectModeEnv(dataDir, port));
    started.push(server);
    await waitReady(server);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer(projectModeEnv(dataDir, port));
    started.push(again);
    await waitReady(again);
    expect((await (await fetch(`${again.url}/api/readyz`)).json()) as unknown).toEqual({ status: 'ready', database: 'pglite' });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('stops at start-up with the list of bad variables', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-proc-'));
    const server = startServer(projectModeEnv(dataDir, await freePortRange(), { PORT: 'x', ACCESS_TOKEN_SECRET: 'short' }));
    started.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT: must be a port number');
    expect(server.output()).toContain('ACCESS_TOKEN_SECRET: must be at least 32 characters');
  }, 120_000);
});
