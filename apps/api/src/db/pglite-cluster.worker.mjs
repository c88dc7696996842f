// The worker thread of createPgliteCluster (pglite-cluster.ts): creates the embedded database's
// cluster in `workerData.dataDir` (PGlite runs initdb for a new directory) and closes it. Plain
// JavaScript, so that the worker starts without the TypeScript loader.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(workerData.dataDir);
await db.close();
