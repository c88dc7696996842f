import { formatDateTime, zoneOffsetMs } from '@andes/contract/common/dates';
import { describe, expect, it } from 'vitest';
import { defuseFormula, headerText, InstantFormatter } from '../../src/modules/transaction-files/export/columns.ts';

describe('InstantFormatter', () => {
  it('formats exactly as formatDateTime across daylight-saving changes and odd offsets', () => {
    const cases: [string, string][] = [
      ['America/Santiago', '2026-04-04T12:00:00Z'],
      ['America/Santiago', '2026-09-05T12:00:00Z'],
      ['America/Sao_Paulo', '2026-01-01T00:00:00Z'],
      ['America/New_York', '2026-03-07T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'],
      ['Asia/Kathmandu', '2026-01-01T00:00:00Z'],
    ];
    for (const [zone, from] of cases) {
      const formatter = new InstantFormatter(zone);
      const start = Date.parse(from);
      // Every 7 minutes 13 seconds over two days, around the change.
      for (let ms = start; ms < start + 2 * 86_400_000; ms += 433_000) {
        const got = formatter.format(ms);
        expect(got.text, `${zone} ${new Date(ms).toISOString()}`).toBe(formatDateTime(ms, zone));
        expect(got.wallClockMs).toBe(ms + zoneOffsetMs(zone, ms));
      }
    }
  });
});

describe('export columns', () => {
  it('defuses only text that starts like a formula', () => {
    expect(['=1', '+1', '-1', '@a', '\t1', '\r1', 'a=1', ' =1', '1-2'].map(defuseFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\t1",
      "'\r1",
      'a=1',
      ' =1',
      '1-2',
    ]);
  });

  it('names the zone and its offset in time headers only', () => {
    const options = { language: 'en', timeZone: 'Asia/Kathmandu', at: new Date('2026-01-01T00:00:00Z') } as const;
    expect(headerText({ key: 't', header: { en: 'Settle time', 'zh-CN': '结算时间' }, kind: 'instant' }, options)).toBe(
      'Settle time (Asia/Kathmandu, UTC+5:45)',
    );
    expect(headerText({ key: 'a', header: { en: 'Amount', 'zh-CN': '金额' }, kind: 'amount' }, options)).toBe('Amount');
  });
});
