import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { localDateRangeToUtc } from '@andes/contract/common/dates';
import type { ReviewDecideRequest, ReviewItem, ReviewPage, ReviewPageRequest } from '@andes/contract/risk/schemas';
import { maskedCard } from '@andes/contract/transaction/parts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { userName } from '../accounting/accounting.repository.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { decisionViewOf } from './risk.decisions.ts';
import { RiskErrors } from './risk.errors.ts';
import { countReviews, decideReview, findReview, type ReviewListFilter, type ReviewRow, reviewListQuery } from './risk.repository.ts';
import { decodeCursor, encodeCursor, requireMerchantUser, requireRiskCountry, requireVisible } from './risk.scope.ts';

/**
 * Case management (docs/decisions/0028): the pay-ins a REVIEW decision sent to the merchant's
 * queue, and the one decision a person makes on each — approve (final ALLOW) or reject (final
 * BLOCK) — conditional on it still waiting and not expired, so two people deciding at once end with
 * exactly one decision. The platform reads the outcome (the contract's `readRiskDecision`) and follows it.
 */

type PageBody = z.output<typeof ReviewPageRequest>;
type DecideBody = z.output<typeof ReviewDecideRequest>;

export function reviewItemOf(r: ReviewRow): ReviewItem {
  const view = decisionViewOf(r.d);
  if (view.review === null) throw new Error(`pay-in ${r.d.transactionId} is not in case management`);
  return {
    transactionId: r.d.transactionId,
    uniqueId: r.uniqueId,
    merchantReference: r.merchantReference,
    country: r.d.country as ReviewItem['country'],
    currency: r.currency as ReviewItem['currency'],
    productType: r.productType,
    amount: r.amount,
    createdAt: r.createdAt.toISOString(),
    transactionStatus: r.status,
    payerName: r.payer?.name ?? null,
    payerEmail: r.payer?.email ?? null,
    cardMasked: maskedCard(r.cardBin, r.cardLast4),
    score: r.d.score,
    rules: r.d.rules,
    review: view.review,
  };
}

export class RiskReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  async page(auth: AuthContext, body: PageBody): Promise<ReviewPage> {
    const country = await requireRiskCountry(this.db, this.clock, auth, body.country);
    const utc = body.range ? localDateRangeToUtc(country.timezoneName, body.range.from, body.range.to) : null;
    const filter: ReviewListFilter = {
      country: body.country,
      status: body.status,
      ...(utc ? { start: new Date(utc.start), end: new Date(utc.end) } : {}),
      ...(body.keyword ? { keyword: body.keyword.trim() } : {}),
    };
    const after =
      body.cursor === undefined
        ? null
        : (([ms, id]) => ({ evaluatedAt: new Date(ms as number), transactionId: id as number }))(decodeCursor('rv', body.cursor, 2));
    const [rows, counted] = await Promise.all([
      reviewListQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countReviews(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, reviewItemOf, (last) =>
      encodeCursor('rv', [last.d.evaluatedAt.getTime(), last.d.transactionId]),
    );
  }

  /** Approves or rejects a waiting pay-in, once; the activity log records it in the same transaction. */
  async decide(auth: AuthContext, body: DecideBody, client: ActivityClient): Promise<ReviewItem> {
    requireMerchantUser(auth);
    const found = await findReview(this.db, auth.scope, body.transactionId);
    if (!found) throw RiskErrors.reviewNotFound();
    await requireVisible(this.db, auth, found.d.country, RiskErrors.reviewNotFound);
    const now = this.clock();
    const name = (await userName(this.db, auth.userId)) ?? auth.username;
    const approve = body.decision === 'APPROVE';
    const note = body.note?.trim() ? body.note.trim() : null;
    const decided = await this.db.transaction(async (tx) => {
      const row = await decideReview(tx, auth.scope, body.transactionId, {
        status: approve ? 'APPROVED' : 'REJECTED',
        finalDecision: approve ? 'ALLOW' : 'BLOCK',
        by: auth.userId,
        byName: name,
        note,
        at: now,
      });
      if (!row) return null;
      await this.activity.record(
        actorContext(auth, client),
        {
          event: approve ? 'RISK_REVIEW_APPROVED' : 'RISK_REVIEW_REJECTED',
          outcome: 'SUCCESS',
          details: {
            transactionId: String(row.transactionId),
            uniqueId: found.uniqueId,
            country: row.country,
            ...(note === null ? {} : { note }),
          },
        },
        tx,
      );
      return row;
    });
    if (decided === null) {
      // Someone decided it first, or its window closed: say which.
      const now2 = await findReview(this.db, auth.scope, body.transactionId);
      const status = now2?.d.reviewStatus ?? 'PENDING';
      if (status !== 'PENDING') throw RiskErrors.reviewDecided(status);
      throw RiskErrors.reviewExpired();
    }
    return reviewItemOf({ ...found, d: decided });
  }
}
