import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build assets never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `webDist` when it has an index.html. Returns whether it does;
 * the SPA fallback (index.html for client routes) lives in the app's not-found handler.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, path) {
      const normalised = path.replaceAll('\\', '/');
      if (normalised.includes('/assets/')) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}
