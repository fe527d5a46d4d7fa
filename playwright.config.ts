import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys run against the real `npm start` server (built PWA, PGlite, Auth emulator)
// on ports of their own and a fresh data directory, so they never touch a developer's data.
const port = Number(process.env.E2E_PORT ?? 3210);
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9210);
const dataDir = path.resolve('.tmp', `e2e-data-${port}`);
export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

export const e2eEnv = { port, authPort, dataDir, baseURL: `http://localhost:${port}` };

/** Journeys that change the shop's settings (Settings page), which every other journey's accounts depend on. */
const CHANGES_SHOP_SETTINGS = /company-approval\.spec\.ts$/u;

export default defineConfig({
  testDir: 'e2e',
  // One results folder per server port, so parallel runs on other ports never wipe each other's traces.
  outputDir: `.tmp/playwright-results-${port}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Timeouts catch a journey that hangs; they are no measure of speed (bench/ measures that). Two journeys run
  // at once on a 2-core machine, each with its browser, beside the server and the Auth emulator, and that
  // machine's speed varies two- to threefold from one hour to the next: a journey that takes 40 s alone can
  // take 100 s then. So every timeout has twice the room a journey needs in the machine's fast state.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eEnv.baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: CHANGES_SHOP_SETTINGS, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The shop's settings hold for every account the server makes: a journey that changes them runs alone,
    // after all the others, so no other journey's new dealer is asked to apply while it runs.
    { name: 'shop-settings', testMatch: CHANGES_SHOP_SETTINGS, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // A fresh data directory per run: the server seeds it, so every run starts from the same catalogue.
    command: `rm -rf "${dataDir}" && node --import tsx server/main.ts`,
    url: `${e2eEnv.baseURL}/api/readyz`,
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authPort),
      // Any free port: runs on other ports, and a developer's own server, each have their mail catcher.
      MAIL_CATCHER_PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_TOKEN_PER_MINUTE: '1000',
      RATE_LIMIT_ORDERS_PER_MINUTE: '1000',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
