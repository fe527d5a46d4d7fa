import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../server/db/lock';

const dir = () => mkdtempSync(path.join(tmpdir(), 'forgeline-lock-'));

describe('data directory lock', () => {
  it('refuses a second owner while the first lives, naming the directory and the pid', async () => {
    const d = dir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(d, 'server.lock'), String(other.pid));
      let caught: unknown;
      try {
        acquireDataDirLock(d);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataDirLockedError);
      expect((caught as Error).message).toContain(d);
      expect((caught as Error).message).toContain(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    const d = dir();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(path.join(d, 'server.lock'), String(dead.pid));
    const release = acquireDataDirLock(d);
    expect(readFileSync(path.join(d, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = acquireDataDirLock(d);
    again();
  });
});
