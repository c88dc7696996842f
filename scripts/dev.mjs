#!/usr/bin/env node
// `npm run dev`: the API server (port 8080) and Vite's dev server with hot reload (port 5173,
// proxying API calls to 8080), together; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@andes/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
