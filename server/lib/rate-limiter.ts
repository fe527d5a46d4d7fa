// Fixed-window request counters. In memory per process; a multi-process deployment puts the
// counters in Redis behind the same interface (README, Scaling).

import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError (and sets Retry-After) past the limit. */
  hit(key: string, reply: FastifyReply): void;
}

export function rateLimiter(max: number, windowMs: number, message: string): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    hit(key, reply) {
      const now = Date.now();
      if (now - lastSweep > windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > max) {
        const retryAfter = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
        void reply.header('retry-after', String(retryAfter));
        throw new AppError('rate_limited', message, { retryAfterSeconds: retryAfter });
      }
    },
  };
}
