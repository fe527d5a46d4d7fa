// Background jobs: every process runs the timers, and each run is claimed in the database, so it happens
// in exactly one process however many share the database (docs/decisions/011-unpaid-orders-expire.md).
// The jobs: unpaid orders past their hold, the mail queue (docs/decisions/013-invoices-and-mail-queue.md), the
// notifications to devices (docs/notifications.md), and uploaded pictures that no product or order shows
// (docs/architecture.md, "Images").

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { ImageStore } from '../images/storage';
import { claimJobRun } from '../repositories/job-runs';
import type { MailService } from './mail';
import type { PushService } from './push';
import type { OrderService } from './orders';

export interface JobRunner {
  /** Runs every job whose time has come (and that no other process has claimed). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** How often the unused pictures are looked for: their grace period is counted in hours. */
export const UPLOADS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

export function startJobs(deps: {
  db: Db;
  orders: OrderService;
  intervalMs: number;
  log: FastifyBaseLogger;
  mail?: { service: MailService; intervalMs: number };
  /** Notifications on devices (docs/notifications.md). */
  push?: { service: PushService; intervalMs: number };
  /** Removes uploaded pictures no product or order shows, `graceMs` after their upload. */
  uploads?: { store: ImageStore; graceMs: number };
}): JobRunner {
  const { db, orders, intervalMs, log, mail, push, uploads } = deps;
  let stopped = false;

  const jobs: Job[] = [
    {
      name: 'expire-unpaid-orders',
      intervalMs,
      async run() {
        const result = await orders.expireUnpaid();
        if (result.expired + result.paid + result.skipped > 0) log.info(result, 'unpaid orders past their hold');
      },
    },
  ];
  if (mail) {
    jobs.push({
      name: 'send-mail',
      intervalMs: mail.intervalMs,
      async run() {
        const result = await mail.service.sendDue();
        if (result.sent + result.retrying + result.failed > 0) log.info(result, 'mail queue');
      },
    });
  }

  if (push) {
    jobs.push({
      name: 'send-push',
      intervalMs: push.intervalMs,
      async run() {
        const result = await push.service.sendDue();
        if (result.sent + result.retrying + result.failed + result.removed > 0) log.info(result, 'notifications');
      },
    });
  }

  if (uploads) {
    jobs.push({
      name: 'remove-unused-uploads',
      intervalMs: UPLOADS_CLEANUP_INTERVAL_MS,
      async run() {
        const removed = await uploads.store.removeUnused(new Date(Date.now() - uploads.graceMs));
        if (removed > 0) log.info({ removed }, 'unused pictures removed');
      },
    });
  }

  // One run of a job at a time in this process; a timer that fires meanwhile finds it running.
  const running = new Map<string, Promise<void>>();
  const guarded = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const next = (async () => {
      if (stopped) return;
      if (await claimJobRun(db, job.name, job.intervalMs)) await job.run();
    })()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'background job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, next);
    return next;
  };

  // The first run soon after start, then on the interval; a timer never keeps the process alive.
  const timers = jobs.flatMap((job) => {
    const first = setTimeout(() => void guarded(job), Math.min(job.intervalMs, 5_000));
    const every = setInterval(() => void guarded(job), job.intervalMs);
    first.unref();
    every.unref();
    return [first, every];
  });

  return {
    async tick() {
      await Promise.all(jobs.map(guarded));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
