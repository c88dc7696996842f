import type { CaseDetail, CaseReply, CaseStatistics, SupportCase } from '@andes/contract/support/schemas';

/** "Now" of the support tests: 2026-01-15 09:00 in São Paulo. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
const HOUR_MS = 3_600_000;
export const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR_MS).toISOString();

/** A pending TRANSACTIONS case of Brazil about the pay-in PI2601050000901, opened 3 hours ago. */
export function supportCase(overrides: Partial<SupportCase> = {}): SupportCase {
  return {
    id: 31,
    caseNo: 'CS20260115ABC123',
    caseType: 'TRANSACTIONS',
    transactionType: 'PAY_IN',
    title: 'Pix paid but not credited',
    country: 'BR',
    productType: 'PIX',
    transactionKey: 'PI2601050000901',
    e2eId: null,
    clabe: null,
    status: 'PENDING',
    version: 1,
    subMerchantId: null,
    subMerchantName: null,
    createdByName: 'Dana Finance',
    createdAt: hoursAgo(3),
    updatedAt: hoursAgo(3),
    lastMerchantReplyAt: hoursAgo(3),
    lastProviderReplyAt: null,
    awaitingProvider: true,
    closedAt: null,
    transactionId: 901,
    transactionUniqueId: 'PI2601050000901',
    ...overrides,
  };
}

export function caseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...supportCase(overrides),
    description: 'The payer paid at 10:02.\nThe order is still unpaid.',
    notificationEmail: 'dana@example.com',
    appendices: [],
    transaction: {
      id: 901,
      uniqueId: 'PI2601050000901',
      merchantReference: 'order-901',
      transactionType: 'PAY_IN',
      productType: 'PIX',
      status: 'IN_PROGRESS',
      statusReason: null,
      currency: 'BRL',
      amount: 25_000,
      createdAt: hoursAgo(5),
      settledAt: null,
      e2eId: null,
      history: [
        { at: hoursAgo(5), event: 'CREATED', status: 'IN_PROGRESS', holdStatus: null, amount: null, reference: null, reason: null },
      ],
    },
    serverTime: NOW.toISOString(),
    secondsSinceMerchantReply: 3 * 3_600,
    secondsSinceProviderReply: null,
    reopenUntil: null,
    actions: ['EDIT', 'REPLY', 'CLOSE'],
    ...overrides,
  };
}

export function reply(overrides: Partial<CaseReply> = {}): CaseReply {
  return {
    id: 1,
    side: 'MERCHANT',
    kind: 'CREATE',
    authorName: 'Dana Finance',
    content: 'The payer paid at 10:02.',
    status: 'PENDING',
    appendices: [],
    createdAt: hoursAgo(3),
    ...overrides,
  };
}

export function statistics(counts: Partial<Record<SupportCase['status'], number>> = {}): CaseStatistics {
  const statuses = (['PENDING', 'PROCESSING', 'SOLVED', 'CLOSED'] as const).map((status) => ({ status, count: counts[status] ?? 0 }));
  return { statuses, total: statuses.reduce((sum, s) => sum + s.count, 0), awaitingProvider: counts.PENDING ?? 0 };
}

export function page<T>(list: T[]) {
  return { list, total: list.length, totalCapped: false, nextCursor: null };
}
