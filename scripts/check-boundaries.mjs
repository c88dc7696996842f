#!/usr/bin/env node
// Import boundaries of CONVENTIONS §3 and the "contract is written once" rule, checked on every
// source file: prints each breach with file and line and exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.tsbuild', 'data', 'migrations', 'test-results', 'playwright-report']);

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const files = ['packages', 'apps', 'e2e', 'bench']
  .map((d) => join(root, d))
  .filter((d) => {
    try {
      return statSync(d).isDirectory();
    } catch {
      return false;
    }
  })
  .flatMap(walk);

const IMPORT_RE = /(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** @type {string[]} */
const problems = [];

/** The area of a repo-relative path: which rules apply to it. */
function areaOf(/** @type {string} */ rel) {
  const p = rel.split(sep).join('/');
  let m = /^apps\/web\/src\/features\/([^/]+)\//.exec(p);
  if (m) return { kind: 'web-feature', name: m[1] };
  if (p.startsWith('apps/web/src/shared/')) return { kind: 'web-shared' };
  if (p.startsWith('apps/web/src/app/')) return { kind: 'web-app' };
  if (p.startsWith('apps/web/')) return { kind: 'web-other' };
  if (p.startsWith('apps/api/')) return { kind: 'api' };
  if (p.startsWith('packages/contract/')) return { kind: 'contract' };
  m = /^(e2e|bench)\//.exec(p);
  if (m) return { kind: m[1] ?? 'other' };
  return { kind: 'other' };
}

for (const file of files) {
  const rel = relative(root, file);
  const from = areaOf(rel);
  const text = readFileSync(file, 'utf8');
  const lineOf = (/** @type {number} */ index) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? '';
    const line = lineOf(m.index ?? 0);
    const where = `${rel}:${line}`;
    let target = null;
    if (spec.startsWith('.')) target = areaOf(relative(root, resolve(dirname(file), spec)) + (spec.endsWith('/') ? sep : ''));
    if (spec.startsWith('@andes/web') || target?.kind?.startsWith('web')) {
      if (!from.kind.startsWith('web')) problems.push(`${where}: ${from.kind} must not import the web app (${spec})`);
    }
    if (spec.startsWith('@andes/api') || target?.kind === 'api') {
      if (from.kind !== 'api' && from.kind !== 'bench') problems.push(`${where}: ${from.kind} must not import the API app (${spec})`);
    }
    if (from.kind === 'contract' && (spec.startsWith('@andes/') || (target && target.kind !== 'contract'))) {
      problems.push(`${where}: the contract imports nothing from the apps (${spec})`);
    }
    if (target?.kind === 'web-feature') {
      if (from.kind === 'web-feature' && from.name !== target.name) {
        problems.push(`${where}: feature '${from.name}' must not import feature '${target.name}' (${spec})`);
      }
      if (from.kind === 'web-shared') problems.push(`${where}: shared must not import a feature (${spec})`);
    }
    if (target?.kind === 'web-app' && (from.kind === 'web-shared' || from.kind === 'web-feature')) {
      problems.push(`${where}: ${from.kind === 'web-shared' ? 'shared' : `feature '${from.name}'`} must not import app/ (${spec})`);
    }
  }
  // Endpoint paths are written once, in the contract.
  if (from.kind !== 'contract' && !rel.endsWith('.test.ts') && !rel.endsWith('.test.tsx')) {
    for (const m of text.matchAll(/['"`]\/(?:dashboard|internal\/v1)\/[A-Za-z]/g)) {
      problems.push(`${rel}:${lineOf(m.index ?? 0)}: endpoint path literal outside packages/contract — use the contract endpoint`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`Import boundaries: ${files.length} files checked, no problems`);
