import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { transactionQuery } from '@andes/contract/transaction/endpoints';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { payinDetail } from './fixtures.ts';

const reviewed: TransactionDetail = {
  ...payinDetail,
  attachments: [],
  risk: {
    decision: 'REVIEW',
    finalDecision: 'BLOCK',
    score: 88,
    rulesEvaluated: 12,
    evaluatedAt: '2026-01-14T15:30:00.000Z',
    rules: [
      {
        ruleId: 3,
        version: 2,
        name: 'Blocked documents',
        type: 'BLOCK',
        template: 'DOCUMENT_LIST',
        action: 'BLOCK',
        measured: null,
        matched: '12345678909',
      },
      {
        ruleId: 4,
        version: 5,
        name: 'Big card spend',
        type: 'ORDER_VELOCITY',
        template: 'CARD_AMOUNT',
        action: 'REVIEW',
        measured: 1_500_000,
        matched: null,
      },
    ],
    review: {
      status: 'REJECTED',
      by: 'demo.admin',
      at: '2026-01-14T16:00:00.000Z',
      note: 'Stolen card',
      expiresAt: '2026-01-21T15:30:00.000Z',
    },
  },
};

function signedIn(detail: TransactionDetail) {
  useAppStore.setState({ token: 'tok' });
  mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home', 'transactions:payin', 'transactions:detail'], ['BR'])),
    [transactionQuery.path]: () => envelope(detail),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('transaction detail: risk', () => {
  it('shows the decision, the final decision, the score, the rules that fired with version and measure, and the review', async () => {
    signedIn(reviewed);
    renderApp('/transactions/detail/11');
    const section = (await screen.findByText('Risk')).closest('.ant-card') as HTMLElement;
    const value = (label: string) =>
      (within(section).getByText(label).closest('.ant-descriptions-item') as HTMLElement).querySelector('.ant-descriptions-item-content');
    expect(value('Rules decided')?.textContent).toBe('Review');
    expect(value('Final decision')?.textContent).toBe('Block');
    expect(value('Final decision')?.querySelector('[data-status-color]')?.getAttribute('data-status-color')).toBe('error');
    expect(value('ML score')?.textContent).toBe('88');
    const rules = within(section).getByRole('region', { name: 'Rules that fired' });
    const items = within(rules)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('Blocked documents');
    expect(items[0]).toContain('Block · v2');
    expect(items[0]).toContain('Matched 12345678909');
    expect(items[1]).toContain('Order velocity · v5');
    expect(items[1]).toContain('R$ 15,000.00');
    expect(value('Reviewed by')?.textContent).toBe('demo.admin');
    expect(value('Note')?.textContent).toBe('Stolen card');
    expect(within(section).getByText('Rejected')).toBeTruthy();
  });

  it('has no risk section without a decision', async () => {
    signedIn(payinDetail);
    renderApp('/transactions/detail/11');
    await screen.findByRole('heading', { name: 'Transaction PI20260114000011' });
    expect(screen.queryByText('Rules decided')).toBeNull();
  });
});
