// What the liveness and readiness checks answer (GET /api/healthz, GET /api/readyz).

import * as v from 'valibot';

export const LivenessSchema = v.object({ status: v.literal('ok') });

/** Ready with the database; `degraded` when Redis is configured and cannot be reached, which keeps the process in rotation. */
export const ReadinessSchema = v.object({
  status: v.picklist(['ready', 'degraded']),
  database: v.picklist(['pglite', 'postgres']),
  /** Present only when Redis is configured. */
  redis: v.optional(v.picklist(['up', 'down'])),
});
