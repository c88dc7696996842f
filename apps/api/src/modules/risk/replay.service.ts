import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import type {
  RecommendationList,
  RecommendationRequest,
  ReplayPage,
  ReplayPageRequest,
  ReplayQueryRequest,
  ReplayStarted,
  ReplayStartRequest,
  ReplayView,
} from '@andes/contract/risk/schemas';
import { normaliseRuleValues, ruleActionOf, templateOf } from '@andes/contract/risk/templates';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { userName } from '../accounting/accounting.repository.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { recommendations } from './replay.runner.ts';
import { RiskErrors } from './risk.errors.ts';
import { countReplays, findReplay, findRule, insertReplay, type ReplayRow, replayListQuery } from './risk.repository.ts';
import { decodeCursor, encodeCursor, requireMerchantUser, requireRiskCountry, requireVisible } from './risk.scope.ts';

/**
 * Retro performance (docs/decisions/0028): a replay of a saved rule (its current version) or a
 * draft over the last 30, 60 or 90 days is a row (with the rule as it was) and a job; the screens
 * follow its progress and read its figures. The recommendations are computed on the spot with the
 * same replay code.
 */

type StartBody = z.output<typeof ReplayStartRequest>;
type PageBody = z.output<typeof ReplayPageRequest>;

/** Queues the replay job of a replay row. */
export type ReplayQueue = (replayId: number) => Promise<unknown>;

const DAY_MS = 86_400_000;

export function replayViewOf(r: ReplayRow): ReplayView {
  return {
    id: r.id,
    country: r.country as ReplayView['country'],
    currency: r.currency as ReplayView['currency'],
    days: r.days,
    ruleId: r.ruleId,
    ruleVersion: r.ruleVersion,
    rule: r.rule,
    status: r.status,
    processed: r.processed,
    total: r.total,
    from: r.fromAt.toISOString(),
    to: r.toAt.toISOString(),
    result: r.result,
    error: r.error,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    seconds: r.startedAt !== null && r.finishedAt !== null ? (r.finishedAt.getTime() - r.startedAt.getTime()) / 1000 : null,
  };
}

export class RiskReplayService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly queue: ReplayQueue,
  ) {}

  /** The rule replayed, as it is now: a saved rule of the country (not deleted) or the draft, values normalised. */
  private async snapshotOf(
    auth: AuthContext,
    body: StartBody,
  ): Promise<{ ruleId: number | null; version: number | null; rule: ReplayView['rule'] }> {
    if (body.ruleId !== undefined) {
      const r = await findRule(this.db, auth.scope, body.ruleId);
      if (!r || r.deletedAt !== null || r.country !== body.country) throw RiskErrors.ruleNotFound();
      return {
        ruleId: r.id,
        version: r.version,
        rule: {
          type: r.type,
          template: r.template,
          name: r.name,
          threshold: r.threshold,
          duration: r.duration,
          score: r.score,
          values: r.values,
          sendToCaseManagement: r.sendToCaseManagement,
          action: ruleActionOf(r.type, r.sendToCaseManagement),
        },
      };
    }
    const d = body.draft;
    if (!d) throw RiskErrors.ruleNotFound();
    if (d.country !== body.country) {
      throw CommonErrors.validation([
        { path: 'draft.country', message: `The draft is a rule of ${d.country}; replay it over ${d.country}` },
      ]);
    }
    const subject = templateOf(d.type, d.template)?.values ?? null;
    return {
      ruleId: null,
      version: null,
      rule: {
        type: d.type,
        template: d.template,
        name: d.name?.trim() ?? '',
        threshold: d.threshold ?? null,
        duration: d.duration ?? null,
        score: d.score ?? null,
        values: subject === null ? [] : normaliseRuleValues(subject, d.values ?? []),
        sendToCaseManagement: d.sendToCaseManagement,
        action: ruleActionOf(d.type, d.sendToCaseManagement),
      },
    };
  }

  async start(auth: AuthContext, body: StartBody, client: ActivityClient): Promise<ReplayStarted> {
    const country = await requireRiskCountry(this.db, this.clock, auth, body.country);
    const snapshot = await this.snapshotOf(auth, body);
    const now = this.clock();
    const name = (await userName(this.db, auth.userId)) ?? auth.username;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertReplay(tx, {
        merchantId: auth.scope.merchantId,
        country: body.country,
        currency: COUNTRY_INFO[country.country].currency,
        days: body.days,
        ruleId: snapshot.ruleId,
        ruleVersion: snapshot.version,
        rule: snapshot.rule,
        status: 'PENDING',
        fromAt: new Date(now.getTime() - body.days * DAY_MS),
        toAt: now,
        createdBy: auth.userId,
        createdByName: name,
        createdAt: now,
      });
      await this.activity.record(
        actorContext(auth, client),
        {
          event: 'RISK_REPLAY_STARTED',
          outcome: 'SUCCESS',
          details: {
            replayId: String(inserted.id),
            country: inserted.country,
            days: String(inserted.days),
            type: snapshot.rule.type,
            template: snapshot.rule.template,
            ...(snapshot.ruleId === null ? { draft: 'true' } : { ruleId: String(snapshot.ruleId), version: String(snapshot.version) }),
          },
        },
        tx,
      );
      return inserted;
    });
    await this.queue(row.id);
    return { id: row.id };
  }

  async query(auth: AuthContext, body: z.output<typeof ReplayQueryRequest>): Promise<ReplayView> {
    requireMerchantUser(auth);
    const row = await findReplay(this.db, auth.scope, body.id);
    if (!row) throw RiskErrors.replayNotFound();
    await requireVisible(this.db, auth, row.country, RiskErrors.replayNotFound);
    return replayViewOf(row);
  }

  async page(auth: AuthContext, body: PageBody): Promise<ReplayPage> {
    await requireRiskCountry(this.db, this.clock, auth, body.country);
    const afterId = body.cursor === undefined ? null : (decodeCursor('rp', body.cursor, 1)[0] as number);
    const [rows, counted] = await Promise.all([
      replayListQuery(this.db, auth.scope, body.country, body.ruleId, afterId, body.pageSize + 1),
      countReplays(this.db, auth.scope, body.country, body.ruleId, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, replayViewOf, (last) => encodeCursor('rp', [last.id]));
  }

  async recommend(auth: AuthContext, body: RecommendationRequest): Promise<RecommendationList> {
    await requireRiskCountry(this.db, this.clock, auth, body.country);
    return { list: await recommendations(this.db, auth.scope.merchantId, body.country, this.clock()) };
  }
}
