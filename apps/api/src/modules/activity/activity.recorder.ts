import { isSecretDetailKey } from '@andes/contract/activity/schemas';
import {
  ACTIVITY_DETAIL_VALUE_MAX_LENGTH,
  ACTIVITY_DETAILS_MAX_KEYS,
  ACTIVITY_USER_AGENT_MAX_LENGTH,
} from '@andes/contract/common/constants';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/activity.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { ActivityEventName, ActivityObjectTypeName, ActivityOutcomeName } from './activity-events.ts';

/** Who acted, for whom, and from where. */
export interface ActivityContext {
  /** The merchant whose log holds the entry; null only when no merchant owns it (an unknown username). */
  merchantId: number | null;
  actorUserId: number | null;
  actorUsername: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface ActivityEntryInput {
  event: ActivityEventName;
  outcome: ActivityOutcomeName;
  object?: { type: ActivityObjectTypeName; id: string | number; label?: string | null };
  /** Non-secret facts as strings: keys naming a password, token, code, secret… are refused. */
  details?: Readonly<Record<string, string>>;
}

/** Thrown for details that must not be stored: a programming error, caught by the tests. */
export class ActivityDetailsError extends Error {
  override name = 'ActivityDetailsError';
}

const DETAIL_KEY = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
/** Words that name a secret: a key made of any of them (split at `_`, `.` and camelCase) is refused. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'pass',
  'token',
  'secret',
  'code',
  'codes',
  'otp',
  'totp',
  'pin',
  'cookie',
  'authorization',
  'credential',
  'credentials',
  'hash',
  'key',
  'signature',
]);

/** The words of a details key: `newPassword` → new, password; `reset_token.id` → reset, token, id. */
function wordsOf(key: string): string[] {
  return key
    .split(/[_.]|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
}

/**
 * True when a details key names a secret (`password`, `authCode`, `TOKEN`, `recovery_codes`, `apiKey`…):
 * by this list, or by the contract's (whose ActivityEntry schema the page answers with).
 */
export function isSecretKey(key: string): boolean {
  if (isSecretDetailKey(key)) return true;
  const words = wordsOf(key);
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  // Run-together words: `passwordhash`, `authcode`, `apikey`.
  const joined = words.join('');
  return ['password', 'passwd', 'token', 'secret', 'authcode', 'apikey'].some((w) => joined.includes(w));
}

/** Checks details before they are stored; throws ActivityDetailsError naming the first problem. */
export function checkDetails(details: Readonly<Record<string, string>>): Record<string, string> {
  const entries = Object.entries(details);
  if (entries.length > ACTIVITY_DETAILS_MAX_KEYS) throw new ActivityDetailsError(`at most ${ACTIVITY_DETAILS_MAX_KEYS} details`);
  for (const [key, value] of entries) {
    if (!DETAIL_KEY.test(key)) throw new ActivityDetailsError(`detail key "${key}" is not a plain name`);
    if (isSecretKey(key)) throw new ActivityDetailsError(`activity details never hold secrets: "${key}" is not allowed`);
    if (typeof value !== 'string') throw new ActivityDetailsError(`detail "${key}" is not a string`);
    if (value.length > ACTIVITY_DETAIL_VALUE_MAX_LENGTH) {
      throw new ActivityDetailsError(`detail "${key}" is longer than ${ACTIVITY_DETAIL_VALUE_MAX_LENGTH} characters`);
    }
  }
  return Object.fromEntries(entries);
}

/** Where a request came from, as the activity log records it. */
export interface ActivityClient {
  ip: string;
  userAgent: string | null;
}

/** The context of an entry written for a signed-in caller, from where they called. */
export function actorContext(auth: Pick<AuthContext, 'merchantId' | 'userId' | 'username'>, client: ActivityClient): ActivityContext {
  return {
    merchantId: auth.merchantId,
    actorUserId: auth.userId,
    actorUsername: auth.username,
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/** The context of a signed-in caller's request. */
export function activityContextOf(auth: Pick<AuthContext, 'merchantId' | 'userId' | 'username'>, request: FastifyRequest): ActivityContext {
  return actorContext(auth, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
}

/** Writes activity-log entries. */
export class ActivityRecorder {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Records one entry. Pass the transaction of the action as `tx` where there is one, so the entry
   * exists exactly when the action does.
   */
  async record(ctx: ActivityContext, entry: ActivityEntryInput, tx: Db = this.db): Promise<void> {
    const details = checkDetails(entry.details ?? {});
    await tx.insert(activityLog).values({
      merchantId: ctx.merchantId,
      at: this.clock(),
      actorUserId: ctx.actorUserId,
      actorUsername: ctx.actorUsername,
      event: entry.event,
      outcome: entry.outcome,
      objectType: entry.object?.type ?? null,
      objectId: entry.object === undefined ? null : String(entry.object.id),
      objectLabel: entry.object?.label ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent === null ? null : ctx.userAgent.slice(0, ACTIVITY_USER_AGENT_MAX_LENGTH),
      details,
    });
  }
}
