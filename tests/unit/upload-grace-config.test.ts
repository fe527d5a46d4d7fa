// UPLOAD_GRACE_HOURS: how long an uploaded picture that nothing shows is kept (docs/architecture.md, "Images").

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const root = () => mkdtempSync(path.join(tmpdir(), 'forgeline-config-'));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, root());
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the uploads grace period', () => {
  it('is 24 hours by default and takes decimals', () => {
    expect(loadConfig({}, root()).uploadGraceMs).toBe(24 * 3_600_000);
    expect(loadConfig({ UPLOAD_GRACE_HOURS: '0.5' }, root()).uploadGraceMs).toBe(1_800_000);
  });

  it('refuses zero and what is not a number of hours, naming the variable', () => {
    expect(problems({ UPLOAD_GRACE_HOURS: '0' })).toEqual(['UPLOAD_GRACE_HOURS: must be more than 0']);
    expect(problems({ UPLOAD_GRACE_HOURS: 'a day' })).toEqual(['UPLOAD_GRACE_HOURS: must be a number of hours']);
    expect(problems({ UPLOAD_GRACE_HOURS: '-1' })).toEqual(['UPLOAD_GRACE_HOURS: must be a number of hours']);
  });
});
