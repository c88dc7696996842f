import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.ts';
import { JOB_SCHEMA } from './job-schema.ts';

/**
 * Background jobs on pg-boss, in the application's database (PostgreSQL or embedded PGlite): a
 * job is a row, so it survives a restart, is retried with exponential backoff when it fails, and
 * is taken by one worker only (`FOR UPDATE SKIP LOCKED`), however many API processes share the
 * database. Every process can send jobs; only processes with ANDES_JOBS on work them, run the
 * recurring schedules and the queue's maintenance (which retries the jobs of a worker that died:
 * a job still active after its expiry counts as failed).
 */

export interface JobContext {
  /** pg-boss's id of the job. */
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobDefinition<T extends object = object> {
  /** The queue's name (one queue per kind of job). */
  readonly name: string;
  /** Attempts after the first one; the delay doubles from retryDelaySeconds each time. */
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  /**
   * An attempt still running after this long is taken for lost (its worker died or hangs) and the
   * job is retried by the maintenance of another worker.
   */
  readonly expireInSeconds: number;
  /** At most one job of this kind is active at a time across all processes. */
  readonly singleton?: boolean;
  /** A recurring job: its cron schedule (five fields, UTC; one-minute resolution). */
  readonly cron?: string;
  /** Recurring jobs: also run once as soon as a worker starts. */
  readonly runAtStart?: boolean;
  /** The work. Throwing fails the attempt (retried per the fields above). */
  run(data: T, job: JobContext): Promise<void>;
}

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface SendOptions {
  /** Start no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one job with this key waits or runs at a time in the queue; a second send answers null. */
  singletonKey?: string;
}

export interface JobQueueOptions {
  /** Work jobs, run schedules and maintenance in this process (ANDES_JOBS). */
  work: boolean;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often the maintenance (expiry → retry, clean-up of finished jobs) runs (default 60 s). */
  maintenanceIntervalSeconds?: number;
}

/** Finished jobs are kept this long (for inspection), then deleted by the maintenance. */
const KEEP_FINISHED_DAYS = 7;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;

  constructor(
    executeSql: ExecuteSql,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values ?? []) },
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: options.work,
      schedule: options.work,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      archiveCompletedAfterSeconds: 3_600,
      deleteAfterDays: KEEP_FINISHED_DAYS,
    });
    this.boss.on('error', (err: unknown) => options.log.error({ err }, 'job queue error'));
  }

  /** True when this process works jobs. */
  get working(): boolean {
    return this.options.work;
  }

  /** Adds a kind of job; all are added before start(). */
  define(definition: JobDefinition<never>): this {
    if (this.started) throw new Error(`job ${definition.name}: define jobs before start()`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
    return this;
  }

  /** Creates the queues (idempotent) and, in a working process, starts the workers and schedules. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const d of this.definitions.values()) {
      const queue = {
        name: d.name,
        policy: d.singleton ? ('singleton' as const) : ('standard' as const),
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds,
      };
      const existing = await this.boss.getQueue(d.name);
      if (existing === null) await this.boss.createQueue(d.name, queue);
      else await this.boss.updateQueue(d.name, queue);
    }
    this.started = true;
    if (!this.options.work) return;
    for (const d of this.definitions.values()) {
      const polling = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
      await this.boss.work<object>(d.name, polling, async ([job]) => {
        if (!job) return;
        const started = Date.now();
        try {
          await d.run(job.data as never, { id: job.id, retryCount: job.retryCount });
          this.options.log.debug({ job: d.name, jobId: job.id, ms: Date.now() - started }, 'job done');
        } catch (err) {
          this.options.log.warn({ job: d.name, jobId: job.id, err }, 'job failed (retried while attempts remain)');
          throw err;
        }
      });
      if (d.cron) await this.boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
      if (d.runAtStart) await this.boss.send(d.name, {});
    }
  }

  /** Queues a job (from any process); answers its id, or null when its singletonKey is already queued. */
  async send<T extends object>(definition: JobDefinition<T>, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not defined on this queue`);
    return this.boss.send(definition.name, data, {
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** The state of a job (tests and the download center's diagnostics). */
  async state(definition: JobDefinition<never>, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(definition.name, id, { includeArchive: true });
    return job?.state ?? null;
  }

  /**
   * Stops taking jobs without finishing or failing those in progress: what a killed process leaves
   * behind (their attempts expire and are retried elsewhere). For crash tests and diagnostics.
   */
  async abandon(): Promise<void> {
    for (const name of this.definitions.keys()) await this.boss.offWork(name);
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for those running; unfinished ones are retried later. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
