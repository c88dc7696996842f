import type { ExchangeMode, ExchangeSide } from '@andes/contract/accounting/enums';
import { exchangeAmounts, nextStatus, type RequestAction, topupSettlement } from '@andes/contract/accounting/machines';
import { QUOTE_MAX_VALIDITY_SECONDS } from '@andes/contract/accounting/schemas';
import type { Country } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import type { OfferedRequest, PlatformEvent, RequestClaimRequest } from '@andes/contract/platform/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { PlatformErrors } from '../platform/platform.errors.ts';
import { providerTaskOf, transition } from './accounting.core.ts';
import { findByNoForUpdate, leaseWaiting, merchantsById, type RequestChanges, type RequestRow } from './accounting.repository.ts';
import { resolveConfig } from './accounting.service.ts';
import { pairOf } from './exchange.service.ts';

/**
 * The provider's side of the accounting requests (`/internal/v1`; docs/decisions/0027): the
 * claim that leases the requests waiting for it, and the `request.*` events that move them. An
 * event runs in the ingestion's database transaction (idempotent by its event id there); a
 * transition the machine does not allow from the request's status is a CONFLICT that changes
 * nothing.
 */

export type RequestEventOf = Extract<PlatformEvent, { type: `request.${string}` }>;

/** The machine's action of each provider event. */
const ACTION_OF_EVENT: Readonly<Record<RequestEventOf['type'], RequestAction>> = {
  'request.verified': 'VERIFY',
  'request.rate_quoted': 'QUOTE',
  'request.transfer_started': 'START_TRANSFER',
  'request.completed': 'COMPLETE',
  'request.transfer_failed': 'TRANSFER_FAILED',
  'request.rejected': 'REJECT',
  'request.failed': 'FAIL',
};

export function isRequestEvent(event: PlatformEvent): event is RequestEventOf {
  return event.type.startsWith('request.');
}

/** The merchant the event names, as the ingestion found it. */
interface EventMerchant {
  id: number;
  code: string;
}

/**
 * Applies a provider event to its request (locked first): the request must exist (NOT_FOUND:
 * nothing is parked, the provider only reports on requests it claimed) and belong to the event's
 * merchant; the machine must allow the event's action from the status found.
 */
export async function applyRequestEvent(
  tx: Db,
  merchant: EventMerchant,
  event: RequestEventOf,
  ctx: { eventId: string; at: Date; now: Date },
): Promise<'APPLIED'> {
  const no = event.data.requestNo;
  const row = await findByNoForUpdate(tx, no);
  if (!row) throw new AppError(ResultCode.NOT_FOUND, `Request ${no} was not found`);
  if (row.merchantId !== merchant.id) throw PlatformErrors.conflict(`Request ${no} belongs to another merchant than ${merchant.code}`);
  const action = ACTION_OF_EVENT[event.type];
  const refuse = (current: RequestRow) =>
    PlatformErrors.conflict(`Request ${no} (${current.kind}) is ${current.status}: ${event.type} does not apply to it`);
  if (nextStatus(row.kind, row.status, action) === null) throw refuse(row);
  // A withdrawal waiting for its second person was never offered: the provider cannot act on it yet.
  if (row.kind === 'WITHDRAWAL' && row.status === 'PROCESSING' && row.approvalState !== 'NONE' && row.approvalState !== 'APPROVED') {
    throw PlatformErrors.conflict(`Withdrawal ${no} is waiting for the merchant's approval (${row.approvalState})`);
  }
  const actor = { userId: null, name: null, eventId: ctx.eventId };
  const base = { actor, at: ctx.at, refuse };
  switch (event.type) {
    case 'request.verified': {
      const verified = event.data.verifiedAmount;
      if (verified < 1) {
        throw PlatformErrors.invalid(
          'data.verifiedAmount',
          'A verified top-up received at least one cent; send request.rejected for a wire that never arrived',
        );
      }
      // The fee in force when the money arrived (the merchant's configuration, else the defaults).
      const config = await resolveConfig(tx, row.merchantId, row.country as Country, 'TOPUP');
      const s = topupSettlement(config, verified);
      const changes: RequestChanges = {
        verifiedAmount: verified,
        fee: s.fee,
        feeLines: s.lines,
        finalAmount: s.finalAmount,
        receiptAmount: s.finalAmount,
      };
      await transition(tx, row, action, { ...base, changes });
      break;
    }
    case 'request.rate_quoted': {
      const expiresAt = new Date(event.data.expiresAt);
      const ahead = expiresAt.getTime() - ctx.now.getTime();
      if (ahead <= 0) throw PlatformErrors.invalid('data.expiresAt', 'A quote expires in the future');
      if (ahead > QUOTE_MAX_VALIDITY_SECONDS * 1000) {
        throw PlatformErrors.invalid('data.expiresAt', `A quote is valid for at most ${QUOTE_MAX_VALIDITY_SECONDS} seconds`);
      }
      const pair = pairOf(row.country as Country, row.mode as ExchangeMode);
      const amounts = exchangeAmounts(event.data.rate, pair.sellIsUsd, row.side as ExchangeSide, row.requestAmount);
      if (amounts === null) throw PlatformErrors.conflict(`Request ${no}: the amount is too small to exchange at ${event.data.rate}`);
      await transition(tx, row, action, {
        ...base,
        changes: { exchangeRate: event.data.rate, rateExpiresAt: expiresAt, sellAmount: amounts.sellAmount, buyAmount: amounts.buyAmount },
      });
      break;
    }
    case 'request.completed': {
      const changes: RequestChanges =
        row.kind === 'WITHDRAWAL'
          ? { transferTime: event.data.transferTime === undefined ? ctx.at : new Date(event.data.transferTime) }
          : {};
      await transition(tx, row, action, { ...base, changes });
      break;
    }
    case 'request.transfer_started':
      await transition(tx, row, action, base);
      break;
    case 'request.transfer_failed':
    case 'request.rejected':
    case 'request.failed':
      await transition(tx, row, action, { ...base, reason: event.data.reason });
      break;
  }
  return 'APPLIED';
}

/** Leases requests waiting for the provider, with the task of each (see the claim endpoint). */
export async function claimRequests(db: Db, request: RequestClaimRequest, now: Date): Promise<OfferedRequest[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  const rows = await db.transaction((tx) => leaseWaiting(tx, now, leasedUntil, request.limit));
  const codes = await merchantsById(
    db,
    rows.flatMap((r) => (r.subMerchantId === null ? [r.merchantId] : [r.merchantId, r.subMerchantId])),
  );
  return rows.map((r) => ({
    requestNo: r.requestNo,
    kind: r.kind,
    task: providerTaskOf(r.kind, r.status),
    merchantCode: codes.get(r.merchantId)?.code ?? '',
    subMerchantCode: r.subMerchantId === null ? null : (codes.get(r.subMerchantId)?.code ?? null),
    country: r.country as OfferedRequest['country'],
    currency: r.currency as OfferedRequest['currency'],
    mode: r.mode,
    status: r.status,
    requestAmount: r.requestAmount,
    side: r.side,
    sellCurrency: r.sellCurrency as OfferedRequest['sellCurrency'],
    buyCurrency: r.buyCurrency as OfferedRequest['buyCurrency'],
    sellAmount: r.sellAmount,
    buyAmount: r.buyAmount,
    exchangeRate: r.exchangeRate,
    remittingBank: r.remittingBank,
    transferTime: r.transferTime?.toISOString() ?? null,
    beneficiaryAccount: r.beneficiary ?? null,
    target: r.target,
    createdAt: r.createdAt.toISOString(),
    attempts: r.providerAttempts - 1,
  }));
}
