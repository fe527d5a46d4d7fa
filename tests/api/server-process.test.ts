import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
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

  describe('a port it needs already in use', () => {
    const occupiers: net.Server[] = [];
    afterEach(async () => {
      await Promise.all(occupiers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    });

    /** Takes the port on 127.0.0.1 as another program would. */
    const occupy = async (port: number) => {
      const server = net.createServer();
      occupiers.push(server);
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    };

    /** Local mode (mail catcher and Auth emulator) on ports of its own; `extra` moves one of them. */
    const localModeEnv = async (extra: Record<string, string>): Promise<Record<string, string>> => ({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'forgeline-proc-')),
      PORT: String(await freePortRange()),
      HOST: '127.0.0.1',
      SEED: 'false',
      LOG_LEVEL: 'warn',
      MAIL_CATCHER_PORT: '0',
      AUTH_EMULATOR_PORT: String(await freePortRange(3)),
      ...extra,
    });

    const cases: { name: string; variable: string; start: () => Promise<{ env: Record<string, string>; taken: number }> }[] = [
      {
        name: 'the HTTP port',
        variable: 'PORT',
        start: async () => {
          const port = await freePortRange();
          return { env: projectModeEnv(mkdtempSync(path.join(tmpdir(), 'forgeline-proc-')), port), taken: port };
        },
      },
      {
        name: 'the mail catcher',
        variable: 'MAIL_CATCHER_PORT',
        start: async () => {
          const port = await freePortRange();
          return { env: await localModeEnv({ MAIL_CATCHER_PORT: String(port) }), taken: port };
        },
      },
      ...[0, 1, 2].map((offset) => ({
        name: `the Auth emulator${offset === 0 ? '' : ` (its port + ${offset})`}`,
        variable: 'AUTH_EMULATOR_PORT',
        start: async () => {
          const base = await freePortRange(3);
          return { env: await localModeEnv({ AUTH_EMULATOR_PORT: String(base) }), taken: base + offset };
        },
      })),
    ];

    it.each(cases)(
      'exits naming $variable in one line, without a stack trace, when $name cannot listen',
      async ({ variable, start }) => {
        const { env, taken } = await start();
        await occupy(taken);
        const server = startServer(env);
        started.push(server);
        expect(await server.exited).not.toBe(0);
        const lines = server.output().trim().split('\n');
        expect(lines).toEqual([expect.stringContaining(`${taken}: the port is in use. Set ${variable} to`)]);
        expect(server.output()).not.toMatch(/^\s+at /mu);
      },
      120_000,
    );
  });
});
