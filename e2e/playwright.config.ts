import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.ts';

const port = Number(process.env.E2E_PORT ?? 18473);
const root = fileURLToPath(new URL('..', import.meta.url));
// E-mails of the test server's outbox, one JSON line each (start-server.mjs writes, tests read).
process.env.E2E_OUTBOX_FILE ??= join(root, '.tsbuild', `e2e-outbox-${port}.jsonl`);
// The payment platform's service token of the test server (tests post ingestion events with it).
process.env.E2E_PLATFORM_TOKEN ??= randomBytes(32).toString('base64url');
mkdirSync(join(root, '.tsbuild'), { recursive: true });
const executablePath = await chromiumExecutable();

export default defineConfig({
  testDir: './tests',
  // The demo's announcements marked read for the demo admin once the server is up (global-setup.ts).
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Room for a CI machine that runs two browsers, the server and its database on two cores: a
  // step that is merely slow there passes, one that never happens still fails.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  // Another port is another run in the same checkout: its own results folder (Playwright empties it).
  outputDir: port === 18473 ? '../.tsbuild/e2e-results' : `../.tsbuild/e2e-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } } }],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `http://localhost:${port}/healthz`,
    env: { PORT: String(port), E2E_OUTBOX_FILE: process.env.E2E_OUTBOX_FILE, E2E_PLATFORM_TOKEN: process.env.E2E_PLATFORM_TOKEN },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
