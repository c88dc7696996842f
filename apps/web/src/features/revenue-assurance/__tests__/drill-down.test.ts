import { describe, expect, it } from 'vitest';
import { funnelChart, reasonsChart, tokenApprovalChart, tokenShareChart, volumeChart } from '../revenue-charts.ts';
import { type DrillScope, type DrillTarget, drillDownHref, previousRangeOf, revenueViewOf } from '../revenue-url.ts';
import { funnel, NOW, RANGE, ranking, tokenization, volume } from './fixtures.ts';

const TZ = 'America/Sao_Paulo';
const payins: DrillScope = { country: 'BR', transactionType: 'PAY_IN', productTypes: [] };

describe('revenue drill-down', () => {
  const labels = { caption: '', period: '', created: '', settled: '', createdAmount: '', settledAmount: '', successRate: '', count: '' };

  it('opens a point of the volume curve as the pay-in list of that day, its settled bar with the settled stage', () => {
    const chart = volumeChart(volume(), labels);
    const created = chart.target({ seriesIndex: 0, dataIndex: 1 }) as DrillTarget;
    expect(created).toEqual({ dates: { from: '2026-01-13', to: '2026-01-13' }, condition: {} });
    expect(drillDownHref(payins, created)).toBe('/transactions/payin?createdAt=2026-01-13%7E2026-01-13&transactionType=PAY_IN');
    const settled = chart.target({ seriesIndex: 1, dataIndex: 2 }) as DrillTarget;
    const rate = chart.target({ seriesIndex: 2, dataIndex: 2 }) as DrillTarget;
    expect(settled.condition).toEqual({ funnelStageMin: 3 });
    expect(rate).toEqual(settled);
    expect(chart.target({ seriesIndex: 0, dataIndex: 9 })).toBeNull();
  });

  it('opens a funnel stage as the transactions that reached it, with the product types of the view', () => {
    const scope: DrillScope = { country: 'BR', transactionType: 'PAY_IN', productTypes: ['PIX', 'CARD'] };
    const chart = funnelChart(funnel().total, 'BRL', RANGE, {
      caption: '',
      stageHeader: '',
      count: '',
      amount: '',
      stepRate: '',
      dropOff: '',
      stage: (s) => s,
    });
    const stages = [0, 1, 2, 3].map((dataIndex) => chart.target({ seriesIndex: 0, dataIndex })?.condition);
    expect(stages).toEqual([{}, { funnelStageMin: 1 }, { funnelStageMin: 2 }, { funnelStageMin: 3 }]);
    const settled = chart.target({ seriesIndex: 0, dataIndex: 3 }) as DrillTarget;
    const href = drillDownHref(scope, settled);
    expect(href).toBe(
      '/transactions/payin?createdAt=2026-01-12%7E2026-01-14&productTypes=PIX%2CCARD&transactionType=PAY_IN&funnelStageMin=3',
    );
    // A payout's funnel opens the payout list (one type: no type filter there).
    const payouts: DrillScope = { country: 'BR', transactionType: 'PAY_OUT', productTypes: [] };
    const payoutHref = drillDownHref(payouts, settled);
    expect(payoutHref).toBe('/transactions/payout?createdAt=2026-01-12%7E2026-01-14&funnelStageMin=3');
  });

  it('opens a fail reason as the failures with exactly that reason, and failures without one as the empty reason', () => {
    const chart = reasonsChart(ranking(), RANGE, {
      caption: '',
      reason: '',
      kind: '',
      count: '',
      share: '',
      trend: '',
      noReason: '(no reason given)',
      kindName: (k) => k,
    });
    const funds = chart.target({ seriesIndex: 0, dataIndex: 0 }) as DrillTarget;
    expect(funds).toEqual({ dates: RANGE, condition: { failReason: 'Insufficient funds' } });
    expect(drillDownHref(payins, funds)).toBe(
      '/transactions/payin?createdAt=2026-01-12%7E2026-01-14&transactionType=PAY_IN&failReason=Insufficient+funds',
    );
    const none = chart.target({ seriesIndex: 0, dataIndex: 1 }) as DrillTarget;
    expect(none.condition).toEqual({ failReason: '' });
  });

  it('opens token and card-number pay-ins, created or authorised', () => {
    const tokenLabels = {
      shareCaption: '',
      approvalCaption: '',
      period: '',
      token: '',
      pan: '',
      tokenShare: '',
      tokenApproval: '',
      panApproval: '',
      uplift: '',
      count: '',
      approvalRate: '',
    };
    const share = tokenShareChart(tokenization(), tokenLabels);
    const approval = tokenApprovalChart(tokenization(), tokenLabels);
    const token = share.target({ seriesIndex: 0, dataIndex: 0 }) as DrillTarget;
    const pan = share.target({ seriesIndex: 1, dataIndex: 0 }) as DrillTarget;
    expect([token.condition, pan.condition]).toEqual([{ cardToken: 'TOKEN' }, { cardToken: 'PAN' }]);
    expect(drillDownHref(payins, pan)).toBe('/transactions/payin?createdAt=2026-01-12%7E2026-01-12&transactionType=PAY_IN&cardToken=PAN');
    const tokenAuthorised = approval.target({ seriesIndex: 0, dataIndex: 2 }) as DrillTarget;
    const panAuthorised = approval.target({ seriesIndex: 1, dataIndex: 2 }) as DrillTarget;
    expect(tokenAuthorised.condition).toEqual({ cardToken: 'TOKEN', funnelStageMin: 2 });
    expect(panAuthorised.condition).toEqual({ cardToken: 'PAN', funnelStageMin: 2 });
  });
});

describe('revenue URL', () => {
  it('keeps a range inside the searchable window, the country’s product types and known values; else the defaults', () => {
    const ctx = { country: 'BR' as const, timeZone: TZ, now: NOW };
    const view = revenueViewOf(
      ctx,
      new URLSearchParams('range=2026-01-12~2026-01-14&granularity=weekly&transactionType=PAY_OUT&productTypes=PIX,OXXO,PIX'),
    );
    expect(view).toMatchObject({ range: RANGE, granularity: 'weekly', transactionType: 'PAY_OUT', productTypes: ['PIX'] });
    // Beyond today, or an unknown period: the last week, daily, pay-ins.
    const defaults = revenueViewOf(ctx, new URLSearchParams('range=2026-01-12~2026-01-20&granularity=hourly&transactionType=REFUND'));
    expect(defaults).toMatchObject({
      range: { from: '2026-01-08', to: '2026-01-15' },
      granularity: 'daily',
      transactionType: 'PAY_IN',
      productTypes: [],
    });
  });

  it('compares with the range of as many days before it, unless that leaves the searchable window', () => {
    expect(previousRangeOf(RANGE, TZ, NOW)).toEqual({ from: '2026-01-09', to: '2026-01-11' });
    expect(previousRangeOf({ from: '2025-08-20', to: '2025-08-25' }, TZ, NOW)).toBeNull();
  });
});
