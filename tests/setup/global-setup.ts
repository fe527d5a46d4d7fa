// Starts what every API test needs once per run: the Firebase Auth emulator, the PGlite template,
// (when a server is reachable) the PostgreSQL template database, and finds Redis when one answers.

import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../server/auth/emulator';
import { pgliteTemplate, postgresTemplate, reachablePostgres, ROOT, TMP } from '../helpers/databases';
import { freePortRange } from '../helpers/ports';
import { reachableRedis } from '../helpers/redis';
import { TEST_PROJECT_ID } from '../helpers/test-config';
import '../setup/provided';

export default async function setup(project: TestProject) {
  const port = await freePortRange(3);
  const [emulator, template, pgUrl, redisUrl] = await Promise.all([
    startAuthEmulator({
      projectId: TEST_PROJECT_ID,
      host: '127.0.0.1',
      port,
      workDir: path.join(TMP, `vitest-emulator-${port}`),
      persist: false,
      rootDir: ROOT,
    }),
    pgliteTemplate(),
    reachablePostgres(),
    reachableRedis(),
  ]);
  const absent = [...(pgUrl ? [] : ['PostgreSQL (DATABASE_URL or localhost:5432)']), ...(redisUrl ? [] : ['Redis (REDIS_URL or localhost:6379)'])];
  // A CI machine has both servers: there an absent one fails the run, so no suite can silently not run.
  if (process.env.CI && absent.length > 0) {
    await emulator.stop();
    throw new Error(`CI is set, but ${absent.join(' and ')} did not answer: the suites that need it must run in CI.`);
  }
  const pgTemplate = pgUrl ? await postgresTemplate(pgUrl) : null;
  if (!pgUrl) process.stdout.write('PostgreSQL not reachable: the API suite runs on PGlite only; its PostgreSQL runs are skipped.\n');
  if (!redisUrl)
    process.stdout.write(
      'Redis not reachable (REDIS_URL or localhost:6379): skipping the tests of shared rate limits and of several processes behind a proxy.\n',
    );
  project.provide('emulatorPort', port);
  project.provide('pgliteTemplate', template);
  project.provide('postgresUrl', pgUrl);
  project.provide('postgresTemplate', pgTemplate);
  project.provide('redisUrl', redisUrl);
  return async () => {
    await emulator.stop();
  };
}
