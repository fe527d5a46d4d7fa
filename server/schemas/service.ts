// What the service routes take and answer (server/routes/config.ts, server/routes/health.ts).

import { ClientConfigSchema } from '../../src/contract/config';
import { LivenessSchema, ReadinessSchema } from '../../src/contract/health';
import { routeSchema } from '../lib/route-schema';

export const configSchema = routeSchema({
  summary: 'The settings the browser needs',
  description:
    'Firebase (or the local Auth emulator), the payment provider with its publishable key, and whether new customers apply and wait for approval; nothing secret.',
  tag: 'Service',
  access: 'anyone',
  answers: { 200: ClientConfigSchema },
});

export const healthSchemas = {
  live: routeSchema({ summary: 'Liveness', tag: 'Service', access: 'anyone', answers: { 200: LivenessSchema } }),
  ready: routeSchema({
    summary: 'Readiness',
    description: 'Ready when the database answers; `degraded` (still 200) when Redis is configured and cannot be reached.',
    tag: 'Service',
    access: 'anyone',
    answers: { 200: ReadinessSchema },
    refusals: { 503: 'The database is not reachable.' },
  }),
};
