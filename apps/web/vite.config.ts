import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` forwards API calls: the Andes server's default address. */
const API_ORIGIN = 'http://localhost:8080';

/** Path prefixes the API server answers; everything else is the app. */
const API_PREFIXES = ['/dashboard', '/internal', '/files', '/docs', '/openapi.json', '/healthz'];

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // entriesAware splits vendor-antd by the set of pages using each part; keep the file names short.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor-antd')
            ? 'assets/vendor-antd-[hash].js'
            : chunk.name.startsWith('contract')
              ? 'assets/contract-[hash].js'
              : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // React runtime and the router: needed by every page, cached across releases.
            { name: 'vendor-react', test: nodeModule('react|react-dom|react-router|scheduler|cookie|set-cookie-parser'), priority: 40 },
            { name: 'vendor-query', test: nodeModule('@tanstack'), priority: 30 },
            { name: 'vendor-i18n', test: nodeModule('i18next|react-i18next|html-parse-stringify|void-elements'), priority: 30 },
            { name: 'vendor-zod', test: nodeModule('zod'), priority: 30 },
            // The transaction contract in one chunk: split by page, its enumerations could be merged
            // into the chunk of a module that imports its schemas (the download center's) while the
            // schemas import the enumerations back — a cycle of chunks, evaluated with the
            // enumerations still undefined.
            { name: 'contract-transaction', test: /[\\/]packages[\\/]contract[\\/]src[\\/]transaction[\\/]/, priority: 26 },
            // The contract, split by which pages use each part: the login page does not load the
            // IP parser, the activity log's enumerations or the MFA schemas.
            {
              name: 'contract',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]/,
              priority: 25,
              entriesAware: true,
              entriesAwareMergeThreshold: 10_000,
            },
            // antd and its rc-* parts, split by which pages use them: the login page loads the form
            // components only, the main layout's menu, drawer and dropdown come with the layout.
            {
              name: 'vendor-antd',
              test: nodeModule('antd|@ant-design|@rc-component|rc-[a-z-]+|@emotion|stylis|classnames|throttle-debounce|dayjs'),
              priority: 20,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
            // The app code the entry loads anyway, in one chunk rather than many small shared ones.
            { name: 'app-shell', test: /[\\/]apps[\\/]web[\\/]src[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
