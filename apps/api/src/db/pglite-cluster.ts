import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The embedded database's directory in the data directory (ANDES_DATA_DIR). */
export function pgliteDirectoryOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** True when an embedded database directory holds no cluster yet: a first start. */
export function isNewPgliteDirectory(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the PGlite cluster of a new data directory (initdb, several seconds of WebAssembly) in a
 * worker thread, so that the main thread can load the server's modules and plan the demo history
 * meanwhile; openDatabase then opens the directory as on any restart. Resolves when the worker has
 * closed the database; rejects if it failed (openDatabase would then create the cluster itself).
 */
export function createPgliteCluster(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pglite-cluster.worker.mjs', import.meta.url), { workerData: { dataDir }, execArgv: [] });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the database worker exited with code ${code}`))));
  });
}
