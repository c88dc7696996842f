import { createHash } from 'node:crypto';
import type { ActivityEvent } from '@andes/contract/activity/enums';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { CONFIG_TYPES, ENABLED_RULES_MAX, type Subject } from '@andes/contract/risk/enums';
import type {
  RiskRule,
  RuleAddRequest,
  RuleCounts,
  RuleCountsRequest,
  RuleDeleteRequest,
  RuleHistory,
  RuleHistoryRequest,
  RulePage,
  RuleQueryRequest,
  RuleTemplateView,
  RuleUpdateRequest,
  RuleVersion,
  TemplateList,
  TemplateQueryRequest,
} from '@andes/contract/risk/schemas';
import { normaliseRiskValue, normaliseRuleValues, ruleActionOf, templateOf, templatesOf } from '@andes/contract/risk/templates';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { userName } from '../accounting/accounting.repository.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { isUniqueViolation } from '../iam/unique-violation.ts';
import { RiskErrors } from './risk.errors.ts';
import {
  countEnabled,
  countReplays,
  countRules,
  findRule,
  findRuleByRequest,
  insertRule,
  insertRuleVersion,
  lockRuleSet,
  type RuleChanges,
  type RuleListFilter,
  type RuleRow,
  type RuleVersionRow,
  ruleCountsOf,
  ruleListQuery,
  updateRuleAtVersion,
  versionsOf,
} from './risk.repository.ts';
import { decodeCursor, encodeCursor, requireMerchantUser, requireRiskCountry, requireVisible } from './risk.scope.ts';

/**
 * Risk rules (docs/decisions/0028): per merchant and country, versioned (every change, the deletion
 * too, is a version kept in risk_rule_versions), changed only at the version the editor loaded,
 * added once per request id, at most ENABLED_RULES_MAX enabled per country. The contract's schemas
 * already checked each field against its template (ruleFieldIssues); values are stored normalised.
 */

type AddBody = z.output<typeof RuleAddRequest>;
type UpdateBody = z.output<typeof RuleUpdateRequest>;
type QueryBody = z.output<typeof RuleQueryRequest>;
type Fields = Omit<AddBody, 'requestId'>;

export function ruleViewOf(r: RuleRow): RiskRule {
  return {
    id: r.id,
    country: r.country as RiskRule['country'],
    type: r.type,
    template: r.template,
    name: r.name,
    threshold: r.threshold,
    duration: r.duration,
    score: r.score,
    enabled: r.enabled,
    values: r.values,
    sendToCaseManagement: r.sendToCaseManagement,
    action: ruleActionOf(r.type, r.sendToCaseManagement),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.updatedByName,
  };
}

function versionViewOf(rule: RuleRow, v: RuleVersionRow): RuleVersion {
  return {
    name: v.name,
    threshold: v.threshold,
    duration: v.duration,
    score: v.score,
    enabled: v.enabled,
    values: v.values,
    sendToCaseManagement: v.sendToCaseManagement,
    action: ruleActionOf(rule.type, v.sendToCaseManagement),
    version: v.version,
    updatedBy: v.byName,
    change: v.change,
    at: v.at.toISOString(),
  };
}

/** SHA-256 of what an add asks (sorted keys, without its request id): the same request always hashes the same. */
export function ruleRequestHashOf(fields: Fields): string {
  const canonical = Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((k) => [k, (fields as Record<string, unknown>)[k] ?? null]),
  );
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The stored fields of a rule: values normalised as the engine compares them, absent fields null. */
function storedFieldsOf(f: Fields): RuleChanges {
  const template = templateOf(f.type, f.template);
  const subject = template?.values ?? null;
  return {
    name: f.name?.trim() ?? '',
    threshold: f.threshold ?? null,
    duration: f.duration ?? null,
    score: f.score ?? null,
    enabled: f.enabled,
    values: subject === null ? [] : normaliseRuleValues(subject, f.values ?? []),
    sendToCaseManagement: f.sendToCaseManagement,
  };
}

export function templateViewOf(t: ReturnType<typeof templatesOf>[number]): RuleTemplateView {
  return {
    code: t.code,
    type: t.type,
    subject: t.subject,
    metric: t.metric,
    counted: t.counted,
    threshold: t.threshold,
    duration: t.duration,
    score: t.score,
    values: t.values,
    defaults: { ...t.defaults },
  };
}

export class RiskRulesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  private async actorOf(auth: AuthContext): Promise<{ userId: number; name: string }> {
    return { userId: auth.userId, name: (await userName(this.db, auth.userId)) ?? auth.username };
  }

  private async log(tx: Db, auth: AuthContext, client: ActivityClient, event: ActivityEvent, r: RuleRow): Promise<void> {
    await this.activity.record(
      actorContext(auth, client),
      {
        event,
        outcome: 'SUCCESS',
        details: {
          ruleId: String(r.id),
          country: r.country,
          type: r.type,
          template: r.template,
          version: String(r.version),
          enabled: String(r.enabled),
          ...(r.name === '' ? {} : { name: r.name }),
        },
      },
      tx,
    );
  }

  // ---- reading -----------------------------------------------------------------------------------

  async counts(auth: AuthContext, body: RuleCountsRequest): Promise<RuleCounts> {
    await requireRiskCountry(this.db, this.clock, auth, body.country);
    const [rows, replays] = await Promise.all([
      ruleCountsOf(this.db, auth.scope, body.country),
      countReplays(this.db, auth.scope, body.country, undefined, Number.MAX_SAFE_INTEGER - 1),
    ]);
    const byType = new Map(rows.map((r) => [r.type as string, r]));
    return {
      list: CONFIG_TYPES.map((type) =>
        type === 'RETRO_PERFORMANCE'
          ? // The replay page holds no rules: its figure is the country's replays.
            { type, total: replays, enabled: 0 }
          : { type, total: byType.get(type)?.total ?? 0, enabled: byType.get(type)?.enabled ?? 0 },
      ),
    };
  }

  templates(auth: AuthContext, body: TemplateQueryRequest): TemplateList {
    requireMerchantUser(auth);
    return { list: templatesOf(body.type).map(templateViewOf) };
  }

  async page(auth: AuthContext, body: QueryBody): Promise<RulePage> {
    await requireRiskCountry(this.db, this.clock, auth, body.country);
    const keyword = body.keyword?.trim();
    const subjects = new Set(templatesOf(body.type).flatMap((t) => (t.values === null ? [] : [t.values])));
    const filter: RuleListFilter = {
      country: body.country,
      type: body.type,
      enabled: body.enabled,
      ...(keyword
        ? {
            keyword,
            keywordValues: [...subjects].flatMap((s: Subject) => {
              const r = normaliseRiskValue(s, keyword);
              return 'value' in r ? [r.value] : [];
            }),
          }
        : {}),
    };
    const afterId = body.cursor === undefined ? null : (decodeCursor('rr', body.cursor, 1)[0] as number);
    const [rows, counted] = await Promise.all([
      ruleListQuery(this.db, auth.scope, filter, afterId, body.pageSize + 1),
      countRules(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, ruleViewOf, (last) => encodeCursor('rr', [last.id]));
  }

  /** A rule of the caller's merchant in a country the caller may see (deleted ones too when `deleted`), else NOT_FOUND. */
  private async load(auth: AuthContext, id: number, deleted = false): Promise<RuleRow> {
    requireMerchantUser(auth);
    const rule = await findRule(this.db, auth.scope, id);
    if (!rule || (!deleted && rule.deletedAt !== null)) throw RiskErrors.ruleNotFound();
    await requireVisible(this.db, auth, rule.country, RiskErrors.ruleNotFound);
    return rule;
  }

  async history(auth: AuthContext, body: RuleHistoryRequest): Promise<RuleHistory> {
    const rule = await this.load(auth, body.id, true);
    const versions = await versionsOf(this.db, rule.id);
    return { rule: ruleViewOf(rule), versions: versions.map((v) => versionViewOf(rule, v)) };
  }

  // ---- changing ----------------------------------------------------------------------------------

  /** Refuses enabling one more rule of a country that has ENABLED_RULES_MAX (under the rule set's lock). */
  private async assertRoomToEnable(tx: Db, merchantId: number, country: string): Promise<void> {
    await lockRuleSet(tx, merchantId, country);
    if ((await countEnabled(tx, merchantId, country)) >= ENABLED_RULES_MAX) throw RiskErrors.tooManyEnabled();
  }

  /**
   * Adds a rule (version 1) once per request id: the same id with the same fields answers the rule
   * it made, even for two submissions at once; with other fields it is refused (CONFLICT).
   */
  async add(auth: AuthContext, body: AddBody, client: ActivityClient): Promise<RiskRule> {
    await requireRiskCountry(this.db, this.clock, auth, body.country);
    const { requestId, ...fields } = body;
    const hash = ruleRequestHashOf(fields);
    const seen = async (): Promise<RiskRule | null> => {
      const row = await findRuleByRequest(this.db, auth.scope, requestId);
      if (!row) return null;
      if (row.requestHash !== hash) throw RiskErrors.requestReused();
      return ruleViewOf(row);
    };
    const before = await seen();
    if (before) return before;
    const actor = await this.actorOf(auth);
    const now = this.clock();
    try {
      const row = await this.db.transaction(async (tx) => {
        if (fields.enabled) await this.assertRoomToEnable(tx, auth.scope.merchantId, fields.country);
        const inserted = await insertRule(tx, {
          merchantId: auth.scope.merchantId,
          country: fields.country,
          type: fields.type,
          template: fields.template,
          version: 1,
          ...storedFieldsOf(fields),
          clientRequestId: requestId,
          requestHash: hash,
          createdBy: actor.userId,
          createdByName: actor.name,
          createdAt: now,
          updatedBy: actor.userId,
          updatedByName: actor.name,
          updatedAt: now,
        });
        await insertRuleVersion(tx, inserted, 'ADDED', actor, now);
        await this.log(tx, auth, client, 'RISK_RULE_ADDED', inserted);
        return inserted;
      });
      return ruleViewOf(row);
    } catch (err) {
      if (isUniqueViolation(err, 'risk_rules_request_uq')) {
        const raced = await seen();
        if (raced) return raced;
      }
      throw err;
    }
  }

  /** A new version of a rule, only at the version the editor loaded; type, template and country stay. */
  async update(auth: AuthContext, body: UpdateBody, client: ActivityClient): Promise<RiskRule> {
    const rule = await this.load(auth, body.id);
    if (body.type !== rule.type) throw RiskErrors.fixedField('type', rule.type);
    if (body.template !== rule.template) throw RiskErrors.fixedField('template', rule.template);
    if (body.country !== rule.country) throw RiskErrors.fixedField('country', rule.country);
    if (body.version !== rule.version) throw RiskErrors.ruleChanged();
    const actor = await this.actorOf(auth);
    const now = this.clock();
    const { id: _id, version, ...fields } = body;
    const row = await this.db.transaction(async (tx) => {
      if (fields.enabled && !rule.enabled) await this.assertRoomToEnable(tx, auth.scope.merchantId, rule.country);
      const next = await updateRuleAtVersion(tx, auth.scope, rule.id, version, {
        ...storedFieldsOf(fields),
        updatedBy: actor.userId,
        updatedByName: actor.name,
        updatedAt: now,
      });
      if (!next) throw RiskErrors.ruleChanged();
      await insertRuleVersion(tx, next, 'UPDATED', actor, now);
      await this.log(tx, auth, client, 'RISK_RULE_UPDATED', next);
      return next;
    });
    return ruleViewOf(row);
  }

  /** Deletes a rule at the version the caller saw: the row stays (decisions name it), marked deleted, as a DELETED version. */
  async remove(auth: AuthContext, body: RuleDeleteRequest, client: ActivityClient): Promise<{ id: number }> {
    const rule = await this.load(auth, body.id);
    if (body.version !== rule.version) throw RiskErrors.ruleChanged();
    const actor = await this.actorOf(auth);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const next = await updateRuleAtVersion(tx, auth.scope, rule.id, body.version, {
        updatedBy: actor.userId,
        updatedByName: actor.name,
        updatedAt: now,
        deletedAt: now,
      });
      if (!next) throw RiskErrors.ruleChanged();
      await insertRuleVersion(tx, next, 'DELETED', actor, now);
      await this.log(tx, auth, client, 'RISK_RULE_DELETED', next);
    });
    return { id: rule.id };
  }
}
