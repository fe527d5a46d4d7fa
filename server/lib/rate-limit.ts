// A rate limit: requests counted per key in a fixed window by @fastify/rate-limit's store (this process's
// memory, or Redis shared by every process when REDIS_URL is set) and refused past the limit with 429
// `rate_limited` and Retry-After (docs/decisions/012-shared-state-for-several-processes.md).

import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface RateLimitSpec {
  /** Keeps limits that count the same kind of key (a user id) apart in the shared store. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429's message, for the user. */
  message: string;
  /**
   * While the shared store cannot be reached: 'allow' lets requests through uncounted; `{ refuse }`
   * answers them 503 `unavailable` with that message.
   */
  whenStoreDown: 'allow' | { refuse: string };
}

export interface RateLimit {
  /** Counts one request for `key`; throws a 429 AppError (and sets Retry-After) past the limit. */
  hit(key: string, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The plugin must be registered on `app` or an ancestor (server/app.ts). */
export function defineRateLimit(app: FastifyInstance, spec: RateLimitSpec): RateLimit {
  // The plugin takes the key from the request; the route names it at the point where it counts (the
  // token exchange counts an e-mail only once its ID token is verified).
  const keys = new WeakMap<FastifyRequest, string>();
  const options: CreateRateLimitOptions & { cache: number } = {
    max: spec.max,
    timeWindow: spec.windowMs,
    keyGenerator: (request) => `${spec.name}:${keys.get(request) ?? ''}`,
    skipOnError: false,
    // Keys the in-memory store keeps per limit, least recently used dropped first (the plugin's default is 1,000).
    cache: 10_000,
  };
  const limiter = app.createRateLimit(options);
  let warnedAt = 0;

  return {
    async hit(key, request, reply) {
      keys.set(request, key);
      let result: Awaited<ReturnType<typeof limiter>>;
      try {
        result = await limiter(request);
      } catch (error) {
        if (spec.whenStoreDown !== 'allow') throw new AppError('unavailable', spec.whenStoreDown.refuse);
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          request.log.warn({ err: error, limit: spec.name }, 'rate-limit store unreachable: requests pass uncounted');
        }
        return;
      } finally {
        keys.delete(request);
      }
      if (result.isAllowed || !result.isExceeded) return;
      const retryAfter = Math.max(1, result.ttlInSeconds);
      void reply.header('retry-after', String(retryAfter));
      throw new AppError('rate_limited', spec.message, { retryAfterSeconds: retryAfter });
    },
  };
}
