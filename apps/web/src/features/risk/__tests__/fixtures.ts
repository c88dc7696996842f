import type { Page } from '@andes/contract/common/page';
import type { RuleType } from '@andes/contract/risk/enums';
import type { ReplayView, ReviewItem, RiskRule, TemplateList } from '@andes/contract/risk/schemas';
import { templatesOf } from '@andes/contract/risk/templates';

export const NOW = new Date('2026-01-15T12:00:00.000Z');

export function page<T>(list: T[]): Page<T> {
  return { list, total: list.length, totalCapped: false, nextCursor: null };
}

/** The templates the server answers for a type (the contract's). */
export function templates(type: RuleType): TemplateList {
  return { list: templatesOf(type).map((t) => ({ ...t, defaults: { ...t.defaults } })) };
}

export function rule(overrides: Partial<RiskRule> = {}): RiskRule {
  return {
    id: 41,
    country: 'BR',
    type: 'BLOCK',
    template: 'DOCUMENT_LIST',
    name: 'Known fraudsters',
    threshold: null,
    duration: null,
    score: null,
    enabled: true,
    values: ['12345678909', 'X98765'],
    sendToCaseManagement: false,
    action: 'BLOCK',
    version: 3,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-14T10:00:00.000Z',
    updatedBy: 'demo.admin',
    ...overrides,
  };
}

export function reviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    transactionId: 77,
    uniqueId: 'PI20260115000077',
    merchantReference: 'ORD-7',
    country: 'BR',
    currency: 'BRL',
    productType: 'CARD',
    amount: 250_000,
    createdAt: '2026-01-15T11:00:00.000Z',
    transactionStatus: 'IN_PROGRESS',
    payerName: 'Maria Souza',
    payerEmail: 'maria@example.com',
    cardMasked: '411111******1111',
    score: 72,
    rules: [
      {
        ruleId: 9,
        version: 2,
        name: 'Fast cards',
        type: 'ORDER_VELOCITY',
        template: 'CARD_COUNT',
        action: 'REVIEW',
        measured: 6,
        matched: null,
      },
    ],
    review: { status: 'PENDING', by: null, at: null, note: null, expiresAt: '2026-01-22T11:00:00.000Z' },
    ...overrides,
  };
}

export function replay(overrides: Partial<ReplayView> = {}): ReplayView {
  return {
    id: 300,
    country: 'BR',
    currency: 'BRL',
    days: 30,
    ruleId: null,
    ruleVersion: null,
    rule: {
      type: 'BLOCK',
      template: 'DOCUMENT_LIST',
      name: 'Draft',
      threshold: null,
      duration: null,
      score: null,
      values: ['12345678909'],
      sendToCaseManagement: false,
      action: 'BLOCK',
    },
    status: 'COMPLETE',
    processed: 1_000,
    total: 1_000,
    from: '2025-12-16T12:00:00.000Z',
    to: '2026-01-15T12:00:00.000Z',
    result: {
      evaluated: { count: 1_000, amount: 50_000_000 },
      blocked: { count: 12, amount: 600_000 },
      reviewed: { count: 0, amount: 0 },
      chargedBack: { count: 3, amount: 150_000 },
      chargebacksInPeriod: { count: 8, amount: 400_000 },
      approvedHit: { count: 7, amount: 350_000 },
      approvalRate: 0.9,
      approvalRateWithRule: 0.893,
      sample: [
        {
          transactionId: 501,
          uniqueId: 'PI20260110000501',
          createdAt: '2026-01-10T10:00:00.000Z',
          amount: 50_000,
          action: 'BLOCK',
          chargedBack: true,
        },
      ],
    },
    error: null,
    createdBy: 'demo.admin',
    createdAt: '2026-01-15T12:00:00.000Z',
    finishedAt: '2026-01-15T12:00:05.000Z',
    seconds: 5,
    ...overrides,
  };
}
