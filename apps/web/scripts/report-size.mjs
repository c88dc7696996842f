// Prints the gzip size of the JavaScript the login page loads and fails when it is over budget.
//
// The login page loads the entry chunk, the lazy chunks of the /login layout and of the login form
// page, and every chunk those import statically (transitively). Sizes are gzip level 9 of the
// built files, read through dist/.vite/manifest.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 200;
/** Source modules of the login route's lazy pages. */
const LOGIN_ROUTE_SOURCES = ['src/features/auth/pages/login-layout.tsx', 'src/features/auth/pages/login-page.tsx'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

function withStaticImports(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const entries = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key]) => key);
if (entries.length === 0) throw new Error('manifest has no entry chunk');
for (const source of LOGIN_ROUTE_SOURCES) {
  if (!manifest[source]) throw new Error(`manifest has no chunk for ${source}: is the login route still lazy?`);
}

const loginKeys = withStaticImports([...entries, ...LOGIN_ROUTE_SOURCES]);
const rows = [...loginKeys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb);
const loginTotal = rows.reduce((sum, row) => sum + row.kb, 0);

const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
const allTotal = allJs.reduce((sum, file) => sum + gzipKb(file), 0);

const width = Math.max(...rows.map((row) => row.file.length), 10);
console.log(`\n${'chunk loaded by the login page'.padEnd(width)}  KB gzip`);
for (const row of rows) console.log(`${row.file.padEnd(width)}  ${row.kb.toFixed(1).padStart(7)}`);
console.log(`\nlogin page JS: ${loginTotal.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB)`);
console.log(`all JS chunks: ${allTotal.toFixed(1)} KB gzip in ${allJs.length} files (for information)`);

if (loginTotal > LIMIT_KB) {
  console.error(`login page JS is over the ${LIMIT_KB} KB budget`);
  process.exit(1);
}
