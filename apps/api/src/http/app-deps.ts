import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ActivityRecorder } from '../modules/activity/activity.recorder.ts';
import type { PasswordHasher } from '../modules/auth/password-hasher.ts';
import type { SessionService } from '../modules/auth/session.service.ts';
import type { BlobStore } from '../modules/files/blob-store.ts';
import type { IpAccessGuard } from '../modules/ip-trustlist/ip-access.ts';
import type { MfaService } from '../modules/mfa/mfa.service.ts';
import type { ServiceTokenVerifier } from '../modules/platform/service-token.ts';
import type { Mailer } from '../plugins/mail.ts';
import type { SecretBox } from '../security/secret-box.ts';

/** What the request pipeline and the modules share, decorated on the Fastify instance as `andes`. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly sessions: SessionService;
  /** Encrypts small secrets at rest (TOTP secrets). */
  readonly secretBox: SecretBox;
  readonly activity: ActivityRecorder;
  readonly mailer: Mailer;
  readonly mfa: MfaService;
  /** Dashboard access only from trusted addresses: checked at sign-in and on every call. */
  readonly ipAccess: IpAccessGuard;
  /** argon2id of passwords and recovery codes. */
  readonly hasher: PasswordHasher;
  /** The payment platform's bearer tokens (`/internal/v1`). */
  readonly serviceTokens: ServiceTokenVerifier;
  /** Background jobs (pg-boss): modules define theirs while registering and send from any process. */
  readonly jobs: JobQueue;
  /** Where file contents live: local disk under the data directory, or S3 (docs/decisions/0019). */
  readonly blobs: BlobStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    andes: AppDeps;
  }
}
