#!/usr/bin/env node
// `npm start`: builds the web app and the API server (scripts/server-build.mjs) when a build is
// missing or older than its sources, then runs the API server, which serves the app, applies
// migrations and (embedded mode) seeds the demo data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_ENTRY } from './server-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'apps/web/dist/index.html');

/** Newest modification time under a folder, in ms. */
function newest(/** @type {string} */ dir) {
  let max = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    const st = statSync(full);
    max = Math.max(max, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return max;
}

const sources = [
  join(root, 'apps/web/src'),
  join(root, 'apps/web/index.html'),
  join(root, 'apps/web/vite.config.ts'),
  join(root, 'packages/contract/src'),
];
const sourceTime = Math.max(...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', '--silent', 'build', '-w', '@andes/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await ensureServerBuild();
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
