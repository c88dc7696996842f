#!/usr/bin/env node
// Starts a throw-away Andes server for the browser tests: demo data on a fresh embedded database
// in a temporary folder, or — when TEST_DATABASE_URL is set — on a fresh PostgreSQL database created
// on that server and dropped afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild, SERVER_ENTRY } from '../scripts/server-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  ANDES_DEMO: 'true',
  HOST: '127.0.0.1',
  ANDES_LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  // Outbox lines are info; the rest of the log is shown from E2E_LOG_LEVEL (warn) up.
  LOG_LEVEL: 'info',
  // Links in e-mails point at the test server; the browser tests send X-Forwarded-For from loopback.
  ANDES_PUBLIC_URL: `http://localhost:${process.env.PORT ?? '18473'}`,
  ANDES_TRUST_PROXY: '127.0.0.1,::1',
  // Money: a known service token for the tests' ingestion calls, a short demo history so Home has
  // figures and charts, and no simulator, so what a test sees changes only by what it does.
  ANDES_PLATFORM_TOKEN: process.env.E2E_PLATFORM_TOKEN ?? randomBytes(32).toString('base64url'),
  ANDES_DEMO_HISTORY: process.env.E2E_DEMO_HISTORY ?? '6000',
  ANDES_SIMULATOR: 'false',
  // An export of more rows than this goes through the download center: low enough that a few
  // months of the short history take that route, above what a week's list holds (direct).
  ANDES_DIRECT_EXPORT_MAX_ROWS: process.env.E2E_DIRECT_EXPORT_MAX_ROWS ?? '200',
};
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const showFrom = LEVELS[/** @type {keyof typeof LEVELS} */ (process.env.E2E_LOG_LEVEL ?? 'warn')] ?? 40;
const outboxFile = process.env.E2E_OUTBOX_FILE;
if (outboxFile) writeFileSync(outboxFile, '');
delete env.DATABASE_URL;
/** @type {() => Promise<void>} */
let cleanup = async () => {};

if (process.env.TEST_DATABASE_URL) {
  const name = `andes_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.ANDES_SECRET_KEY = randomBytes(32).toString('base64');
  cleanup = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  console.log(`e2e server on PostgreSQL database ${name}`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'andes-e2e-'));
  env.ANDES_DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
  console.log(`e2e server on embedded PGlite in ${dir}`);
}

// The server as `npm start` runs it: compiled once (scripts/server-build.mjs).
await ensureServerBuild();
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
  cwd: root,
});

// The server logs JSON lines: e-mails of the embedded outbox go to E2E_OUTBOX_FILE for the tests
// to follow their links; other lines are shown from E2E_LOG_LEVEL up, and anything not JSON as is.
let pending = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (/** @type {string} */ chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    /** @type {{ level?: number, msg?: string, to?: string, subject?: string, text?: string } | null} */
    let entry = null;
    try {
      entry = JSON.parse(line);
    } catch {
      console.log(line);
      continue;
    }
    if (entry?.msg === 'outbox' && outboxFile) {
      appendFileSync(outboxFile, `${JSON.stringify({ to: entry.to, subject: entry.subject, text: entry.text })}\n`);
    } else if ((entry?.level ?? 0) >= showFrom) {
      console.log(line);
    }
  }
});

let stopping = false;
async function stop(/** @type {number} */ code) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await cleanup().catch((e) => console.error('e2e cleanup failed', e));
  process.exit(code);
}
child.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
