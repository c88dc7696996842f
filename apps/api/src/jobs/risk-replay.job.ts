import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { runReplay } from '../modules/risk/replay.runner.ts';
import { finishReplay } from '../modules/risk/risk.repository.ts';
import { defineJob, type JobDefinition } from './queue.ts';

const RETRY_LIMIT = 2;

export interface RiskReplayJobData {
  replayId: number;
}

/**
 * A retro performance replay (docs/decisions/0028): queued by `/risk/rule/replay`, it streams the
 * country's pay-ins of the period through the engine and stores the figures on the replay's row
 * (progress after each batch). A retried or repeated job starts the replay over; a finished one is
 * left as it is. A replay of 90 days of a large merchant takes seconds to a minute.
 */
export function riskReplayJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): JobDefinition<RiskReplayJobData> {
  return defineJob<RiskReplayJobData>({
    name: 'risk-replay',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    async run(data, job) {
      const started = Date.now();
      try {
        await runReplay(deps.db, data.replayId, deps.clock);
      } catch (err) {
        // The last attempt: the replay ends FAIL rather than RUNNING for ever.
        if (job.retryCount >= RETRY_LIMIT) {
          await finishReplay(deps.db, data.replayId, {
            status: 'FAIL',
            error: 'The replay could not be completed; start it again',
            at: deps.clock(),
          });
        }
        throw err;
      }
      deps.log.info({ replayId: data.replayId, ms: Date.now() - started }, 'risk replay done');
    },
  });
}
