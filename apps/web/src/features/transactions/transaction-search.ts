import type { Country } from '@andes/contract/common/countries';
import { localDateRangeToUtc } from '@andes/contract/common/dates';
import { HOLD_FLAG_VALUES, productTypesOf, TRANSACTION_STATUSES } from '@andes/contract/common/enums';
import {
  CARD_TOKEN_FILTERS,
  FAIL_REASON_MAX_LENGTH,
  FUNNEL_STAGE_FILTER_MAX,
  FUNNEL_STAGE_FILTER_MIN,
} from '@andes/contract/revenue-assurance/enums';
import type { SubMerchantOption } from '@andes/contract/sub-merchant/schemas';
import { LIST_TRANSACTION_TYPES } from '@andes/contract/transaction/enums';
import { REFUND_STATUSES } from '@andes/contract/transaction/parts';
import type { PaymentLinkPageRequest, StoreOrderPageRequest, TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { NO_FAIL_REASON } from '../../shared/navigation/fail-reason.ts';
import type { FieldValueOf, SearchField, SearchValues } from '../../shared/search/fields.ts';
import { isTransactionListKind, type ListKind, type TransactionListKind } from './list-kinds.ts';

/**
 * The transaction lists' filters as search fields (spec §2 search bar and advanced form), and the
 * request a set of applied values makes. The field keys are the request's keys (and the URL's
 * parameters), except `createdAt` (a date range) and `amount` (a range in cents).
 */

/** Translated labels and option names the fields need. */
export interface FieldText {
  label(key: FieldKey): string;
  status(status: string): string;
  productType(productType: string): string;
  refundStatus(status: string): string;
  holdStatus(flag: number): string;
  transactionType(type: string): string;
  /** The funnel-stage filter's option: "Submitted or further"… (1 submitted, 2 authorised, 3 settled). */
  funnelStage(stage: number): string;
  /** The card-token filter's option: network token or card number. */
  cardToken(kind: string): string;
  message(key: 'cardBin' | 'cardLast4' | 'identifier'): string;
}

export type FieldKey =
  | 'createdAt'
  | 'uniqueId'
  | 'merchantReference'
  | 'e2eId'
  | 'document'
  | 'cardBin'
  | 'cardLast4'
  | 'statuses'
  | 'productTypes'
  | 'amount'
  | 'refundStatus'
  | 'holdStatus'
  | 'transactionType'
  | 'paymentLinkId'
  | 'storeOrderId'
  | 'shopDomain'
  | 'subMerchantIds'
  | 'funnelStageMin'
  | 'cardToken'
  | 'failReason';

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._\-/#:]{0,63}$/;

function identifierField(key: FieldKey, text: FieldText, regex = IDENTIFIER): SearchField {
  return { key, type: 'input', label: text.label(key), maxLength: 64, pattern: { regex, message: text.message('identifier') } };
}

/** The identifier searches every list offers (exact matches). */
function identifierFields(text: FieldText): SearchField[] {
  return [
    identifierField('uniqueId', text),
    identifierField('merchantReference', text),
    identifierField('e2eId', text),
    identifierField('document', text, /^[A-Za-z0-9.\-/]{1,32}$/),
    {
      key: 'cardBin',
      type: 'input',
      label: text.label('cardBin'),
      maxLength: 8,
      pattern: { regex: /^\d{6,8}$/, message: text.message('cardBin') },
    },
    {
      key: 'cardLast4',
      type: 'input',
      label: text.label('cardLast4'),
      maxLength: 4,
      pattern: { regex: /^\d{4}$/, message: text.message('cardLast4') },
    },
  ];
}

/**
 * The simple search bar's fields of a list in a country: submit-time range (one week back by
 * default, five months back at most, nothing after today), identifiers, statuses, product types
 * of the country, amount range, refund status, and the list's own ones.
 */
export function listFields(kind: ListKind, country: Country, text: FieldText): SearchField[] {
  const fields: SearchField[] = [
    { key: 'createdAt', type: 'daterange', label: text.label('createdAt'), defaultLastWeek: true },
    ...identifierFields(text),
    {
      key: 'statuses',
      type: 'multiSelect',
      label: text.label('statuses'),
      options: TRANSACTION_STATUSES.map((s) => ({ value: s, label: text.status(s) })),
    },
    {
      key: 'productTypes',
      type: 'multiSelect',
      label: text.label('productTypes'),
      options: productTypesOf(country).map((p) => ({ value: p, label: text.productType(p) })),
    },
    { key: 'amount', type: 'amountRange', label: text.label('amount') },
    {
      key: 'refundStatus',
      type: 'select',
      label: text.label('refundStatus'),
      options: REFUND_STATUSES.map((s) => ({ value: s, label: text.refundStatus(s) })),
    },
  ];
  if (isTransactionListKind(kind)) {
    const types = LIST_TRANSACTION_TYPES[kind];
    if (types.length > 1) {
      fields.push({
        key: 'transactionType',
        type: 'select',
        label: text.label('transactionType'),
        options: types.map((type) => ({ value: type, label: text.transactionType(type) })),
      });
    }
    if (kind !== 'holding-page') {
      fields.push({
        key: 'holdStatus',
        type: 'select',
        label: text.label('holdStatus'),
        options: HOLD_FLAG_VALUES.map((flag) => ({ value: String(flag), label: text.holdStatus(flag) })),
      });
    }
    fields.push(...revenueFields(kind, text));
  }
  if (kind === 'payment-link') fields.push(identifierField('paymentLinkId', text, /^[A-Za-z0-9_-]{1,64}$/));
  if (kind === 'shopify' || kind === 'shoplazza') {
    fields.push(identifierField('storeOrderId', text, /^[A-Za-z0-9#_-]{1,64}$/));
    fields.push(identifierField('shopDomain', text, /^[a-z0-9][a-z0-9.-]{0,252}$/));
  }
  return fields;
}

/**
 * Revenue assurance's drill-down filters (docs/decisions/0031): how far the transactions got, the
 * card's network token or number (pay-ins), and an exact fail reason. Charts open the list with them.
 */
function revenueFields(kind: TransactionListKind, text: FieldText): SearchField[] {
  const stages: number[] = [];
  for (let stage = FUNNEL_STAGE_FILTER_MIN; stage <= FUNNEL_STAGE_FILTER_MAX; stage++) stages.push(stage);
  const fields: SearchField[] = [
    {
      key: 'funnelStageMin',
      type: 'select',
      label: text.label('funnelStageMin'),
      options: stages.map((stage) => ({ value: String(stage), label: text.funnelStage(stage) })),
    },
  ];
  if (kind === 'payin' || kind === 'holding-page') {
    fields.push({
      key: 'cardToken',
      type: 'select',
      label: text.label('cardToken'),
      options: CARD_TOKEN_FILTERS.map((value) => ({ value, label: text.cardToken(value) })),
    });
  }
  fields.push({ key: 'failReason', type: 'input', label: text.label('failReason'), maxLength: FAIL_REASON_MAX_LENGTH });
  return fields;
}

/** The advanced form's fields: the simple ones plus the sub-merchants (when the merchant has any). */
export function advancedFields(base: readonly SearchField[], subMerchants: readonly SubMerchantOption[], text: FieldText): SearchField[] {
  if (subMerchants.length === 0) return [...base];
  return [
    ...base,
    {
      key: 'subMerchantIds',
      type: 'multiSelect',
      label: text.label('subMerchantIds'),
      options: subMerchants.map((s) => ({ value: String(s.subMerchantId), label: s.subMerchantName })),
    },
  ];
}

/**
 * The deep query's fields (all time, by identifier): unique id, merchant reference or e2e id, and
 * an optional submit-time range with the 100-year picker (an end beyond 2099 means now).
 */
export function deepQueryFields(text: FieldText): SearchField[] {
  return [
    identifierField('uniqueId', text),
    identifierField('merchantReference', text),
    identifierField('e2eId', text),
    { key: 'createdAt', type: 'daterange', label: text.label('createdAt'), longRange: true },
  ];
}

/** True when the deep query has what the server needs: an exact unique id, merchant reference or e2e id. */
export function deepQueryReady(values: SearchValues): boolean {
  return values.uniqueId !== undefined || values.merchantReference !== undefined || values.e2eId !== undefined;
}

export interface RequestContext {
  country: Country;
  timeZone: string;
  pageSize: 10 | 20 | 50 | 100;
  cursor: string | undefined;
}

type CommonRequest = Omit<PaymentLinkPageRequest, 'paymentLinkId'>;

const text = (values: SearchValues, key: FieldKey) => values[key] as string | undefined;
const list = (values: SearchValues, key: FieldKey) => (values[key] as string[] | undefined) ?? [];

function commonRequest(values: SearchValues, ctx: RequestContext): CommonRequest {
  const range = values.createdAt as FieldValueOf['daterange'] | undefined;
  const amount = values.amount as FieldValueOf['amountRange'] | undefined;
  const request: CommonRequest = {
    country: ctx.country,
    pageSize: ctx.pageSize,
    statuses: list(values, 'statuses') as CommonRequest['statuses'],
    productTypes: list(values, 'productTypes') as CommonRequest['productTypes'],
  };
  const set = <K extends keyof CommonRequest>(key: K, value: CommonRequest[K] | undefined) => {
    if (value !== undefined) request[key] = value;
  };
  set('cursor', ctx.cursor);
  set('createdAt', range ? localDateRangeToUtc(ctx.timeZone, range.from, range.to) : undefined);
  set('amountMin', amount?.min);
  set('amountMax', amount?.max);
  set('refundStatus', text(values, 'refundStatus') as CommonRequest['refundStatus']);
  for (const key of ['uniqueId', 'merchantReference', 'e2eId', 'document', 'cardBin', 'cardLast4'] as const) set(key, text(values, key));
  const stage = text(values, 'funnelStageMin');
  set('funnelStageMin', stage === undefined ? undefined : (Number(stage) as CommonRequest['funnelStageMin']));
  set('cardToken', text(values, 'cardToken') as CommonRequest['cardToken']);
  const reason = text(values, 'failReason');
  set('failReason', reason === NO_FAIL_REASON ? '' : reason);
  const subMerchantIds = list(values, 'subMerchantIds').map(Number);
  if (subMerchantIds.length > 0) request.subMerchantIds = subMerchantIds;
  return request;
}

/** The request of a transaction list (the advanced call's shape; the simple one is its subset). */
export function transactionRequestOf(
  kind: TransactionListKind,
  values: SearchValues,
  ctx: RequestContext,
  deep = false,
): TransactionAdvancedPageRequest {
  const request: TransactionAdvancedPageRequest = { list: kind, ...commonRequest(values, ctx) };
  const type = text(values, 'transactionType');
  if (type !== undefined) request.transactionType = type as TransactionAdvancedPageRequest['transactionType'];
  const hold = text(values, 'holdStatus');
  if (kind === 'holding-page') request.holdStatus = 1;
  else if (hold !== undefined) request.holdStatus = Number(hold) as 1 | 2;
  if (deep) request.deep = true;
  return request;
}

/** True when a transaction list request needs the advanced call (sub-merchants or the deep query). */
export function needsAdvancedCall(request: TransactionAdvancedPageRequest): boolean {
  return request.deep === true || (request.subMerchantIds?.length ?? 0) > 0;
}

export function paymentLinkRequestOf(values: SearchValues, ctx: RequestContext): PaymentLinkPageRequest {
  const request: PaymentLinkPageRequest = commonRequest(values, ctx);
  const id = text(values, 'paymentLinkId');
  if (id !== undefined) request.paymentLinkId = id;
  return request;
}

export function storeOrderRequestOf(values: SearchValues, ctx: RequestContext): StoreOrderPageRequest {
  const request: StoreOrderPageRequest = commonRequest(values, ctx);
  const orderId = text(values, 'storeOrderId');
  const domain = text(values, 'shopDomain');
  if (orderId !== undefined) request.storeOrderId = orderId;
  if (domain !== undefined) request.shopDomain = domain;
  return request;
}
