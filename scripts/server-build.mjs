// The API server compiled once to JavaScript (apps/api/dist/server.mjs) for `npm start` and the
// browser tests' server: node loads it without the TypeScript loader, which is about half of a
// restart's time and 9 s of a first start with tsx's cache cold (bench/README.md, startup.ts).
// One esbuild bundle of the server's own code and the contract (packages are loaded from
// node_modules as usual), split at the server's dynamic imports so that what a start does not need
// is not parsed. Rebuilt when a source is newer than the bundle; the tests and `npm run dev` run
// the TypeScript sources directly.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// ANDES_SERVER_DIST (a folder inside the checkout, so node finds node_modules from it) lets two
// test runs in one checkout each keep their own bundle while the other rebuilds.
export const SERVER_OUT_DIR = resolve(root, process.env.ANDES_SERVER_DIST ?? 'apps/api/dist');
export const SERVER_ENTRY = join(SERVER_OUT_DIR, 'server.mjs');
const SOURCES = [join(root, 'apps/api/src'), join(root, 'packages/contract/src'), fileURLToPath(import.meta.url)];

/** Newest modification time under a path (a file or a folder), in ms. */
function newest(/** @type {string} */ path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/**
 * Each module keeps its own `import.meta.url` in the bundle: the files the server reads beside its
 * sources (migrations, the common-password list, the PGlite worker, the repository root of
 * config.ts) are found relative to the source file, as under tsx. The URL is written relative to
 * the bundle, so the checkout can move.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(/** @type {import('esbuild').PluginBuild} */ build) {
    // Bare specifiers are packages, loaded by node at run time, except the workspace's own.
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@andes/') ? undefined : { path: args.path, external: true }));
    build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      if (text.includes('import.meta.url')) {
        const rel = relative(SERVER_OUT_DIR, args.path).split(sep).join('/');
        text = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** Builds the bundle when it is missing or older than a source; returns true when it built. */
export async function ensureServerBuild({ quiet = false } = {}) {
  const built = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newest))) return false;
  const started = Date.now();
  const { build } = await import('esbuild');
  // Chunks are named by their content: the old ones would pile up.
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'apps/api/src/server.ts')],
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Stack traces name the sources (node --enable-source-maps).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  if (!quiet) console.log(`Built the API server in ${Date.now() - started} ms (${relative(root, SERVER_ENTRY)})`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await ensureServerBuild();
