#!/usr/bin/env node
// The whole test suite, in the order a failure is cheapest to find: types, lint and import
// boundaries, unit and API tests (vitest), then the browser tests (Playwright in Chromium against
// the real server). Prints the counts per level and a closing "N passed, N failed" line.
// With TEST_DATABASE_URL set, the API and browser tests run on that PostgreSQL server (a fresh
// database per test file / run) instead of embedded PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.tsbuild', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Stages: typecheck, lint, unit (every vitest project), api (the API project only), e2e.
// No argument runs typecheck, lint, unit and e2e; e.g. `npm test -- api e2e` runs what touches the database.
const only = process.argv.slice(2);
const want = (/** @type {string} */ stage) => (only.length === 0 ? stage !== 'api' : only.includes(stage));

/** @type {{ level: string, passed: number, failed: number, skipped: number, seconds: number }[]} */
const rows = [];
let failedStages = 0;

function run(/** @type {string} */ label, /** @type {string} */ cmd, /** @type {string[]} */ args, env = {}) {
  const started = Date.now();
  console.log(`\n── ${label} ─ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  if (r.status !== 0) failedStages += 1;
  return { ok: r.status === 0, seconds };
}

function readJson(/** @type {string} */ file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`Andes test suite — database: ${db}`);

if (want('typecheck')) {
  const r = run('typecheck', 'npx', ['tsc', '-b']);
  rows.push({ level: 'typecheck', passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0, seconds: r.seconds });
}
if (want('lint')) {
  const r = run('lint + boundaries', 'npm', ['run', '--silent', 'lint']);
  rows.push({ level: 'lint', passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0, seconds: r.seconds });
}
if (want('unit') || want('api')) {
  const file = join(out, 'vitest.json');
  const projects = want('unit') ? [] : ['--project', 'api'];
  const label = want('unit') ? 'unit, component and API tests (vitest)' : 'API tests (vitest)';
  const r = run(label, 'npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const json = readJson(file);
  /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
  const perProject = new Map();
  for (const suite of json?.testResults ?? []) {
    const path = String(suite.name);
    const project = path.includes('/packages/contract/')
      ? 'contract'
      : path.includes('/apps/api/')
        ? 'api'
        : path.includes('/apps/web/')
          ? 'web'
          : 'other';
    const row = perProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed') row.passed += 1;
      else if (t.status === 'failed') row.failed += 1;
      else row.skipped += 1;
    }
    perProject.set(project, row);
  }
  if (!json) rows.push({ level: 'vitest', passed: 0, failed: 1, skipped: 0, seconds: r.seconds });
  for (const [project, c] of perProject) rows.push({ level: `vitest:${project}`, ...c, seconds: r.seconds });
  if (json && !r.ok && [...perProject.values()].every((c) => c.failed === 0)) {
    rows.push({ level: 'vitest (run error)', passed: 0, failed: 1, skipped: 0, seconds: r.seconds });
  }
}
if (want('e2e')) {
  const file = join(out, 'playwright.json');
  const r = run('browser tests (Playwright, Chromium)', 'npm', ['run', '--silent', 'test:e2e'], { E2E_JSON_REPORT: file });
  const json = readJson(file);
  const stats = json?.stats;
  if (stats) {
    rows.push({
      level: 'e2e',
      passed: stats.expected ?? 0,
      failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
      skipped: stats.skipped ?? 0,
      seconds: r.seconds,
    });
    if (!r.ok && (stats.unexpected ?? 0) === 0)
      rows.push({ level: 'e2e (run error)', passed: 0, failed: 1, skipped: 0, seconds: r.seconds });
    if (!r.ok) printErrorContexts();
  } else {
    rows.push({ level: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: r.seconds });
  }
}

/**
 * What the page showed when each browser test failed (Playwright's error-context.md: the page's
 * accessibility snapshot), printed so a CI log alone says where a failure stood.
 */
function printErrorContexts() {
  const dir = join(root, '.tsbuild', 'e2e-results');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, 'error-context.md');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const limit = 6_000;
    console.log(`\n--- ${name}/error-context.md${text.length > limit ? ` (first ${limit} characters)` : ''}\n${text.slice(0, limit)}`);
  }
}

const total = rows.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\nSummary (${db})`);
console.log('level              passed  failed  skipped  seconds');
for (const r of rows) {
  console.log(
    `${r.level.padEnd(18)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${r.seconds.toFixed(1).padStart(7)}`,
  );
}
const failed = Math.max(total.failed, failedStages > 0 && total.failed === 0 ? 1 : 0);
console.log(`\n${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failed > 0 || failedStages > 0 ? 1 : 0);
