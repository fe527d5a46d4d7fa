// Access tokens: a verified token is remembered until it expires, never past it, and only the exact
// string that was verified counts.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenService } from '../../server/auth/tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token again and again, then refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z'), toFake: ['Date'] });
    const tokens = tokenService(SECRET, 60);
    const token = await tokens.sign({ userId: 'u-1', email: 'dealer@example.com' });
    expect(await tokens.verify(token)).toEqual({ userId: 'u-1', email: 'dealer@example.com' });
    expect(await tokens.verify(token)).toEqual({ userId: 'u-1', email: 'dealer@example.com' });
    vi.setSystemTime(new Date('2026-11-22T08:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a remembered token with one character of its signature changed, and tokens of another secret', async () => {
    const tokens = tokenService(SECRET, 600);
    const token = await tokens.sign({ userId: 'u-2', email: 'other@example.com' });
    expect(await tokens.verify(token)).not.toBeNull();
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, -2)}${last}${token.at(-1) ?? ''}`)).toBeNull();
    const foreign = await tokenService(`${SECRET}-other`, 600).sign({ userId: 'u-2', email: 'other@example.com' });
    expect(await tokens.verify(foreign)).toBeNull();
  });
});
