import type { FastifyInstance } from 'fastify';

/**
 * Which apps the built-in simulator plays the provider for, in this process (server.ts marks its
 * app once the simulator started): a payment link's public page says so (`simulated`).
 */
const simulated = new WeakSet<FastifyInstance>();

export function markSimulated(app: FastifyInstance): void {
  simulated.add(app);
}

export function isSimulated(app: FastifyInstance): boolean {
  return simulated.has(app);
}
