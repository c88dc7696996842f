import { describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_COLUMNS, activityCsvFileName, activityCsvHeader, activityCsvRow, csvCell } from './csv.ts';
import type { ActivityEntry } from './schemas.ts';

const entry: ActivityEntry = {
  id: '1',
  time: '2026-03-01T12:00:00.000Z',
  actorUserId: 7,
  actorUsername: 'ana',
  event: 'IP_TRUSTLIST_ENTRY_ADDED',
  outcome: 'SUCCESS',
  objectType: 'IP_TRUSTLIST_ENTRY',
  objectId: '4',
  objectLabel: '10.0.0.0/8',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11, Linux)',
  details: { remark: 'São Paulo "HQ"', listType: 'DASHBOARD' },
};

describe('activity CSV', () => {
  it('names the time zone in the header', () => {
    expect(activityCsvHeader('America/Sao_Paulo')).toBe(
      'Time (America/Sao_Paulo),User,Event,Outcome,Object type,Object id,Object,IP address,User agent,Details\r\n',
    );
  });

  it('writes one line per entry, times in the zone, quoting where needed', () => {
    expect(activityCsvRow(entry, 'America/Sao_Paulo')).toBe(
      '2026-03-01 09:00:00,ana,IP_TRUSTLIST_ENTRY_ADDED,SUCCESS,IP_TRUSTLIST_ENTRY,4,10.0.0.0/8,203.0.113.7,' +
        '"Mozilla/5.0 (X11, Linux)","listType=DASHBOARD; remark=São Paulo ""HQ"""\r\n',
    );
    const nulls = {
      ...entry,
      actorUserId: null,
      actorUsername: null,
      objectType: null,
      objectId: null,
      objectLabel: null,
      ip: null,
      userAgent: null,
      details: {},
    };
    expect(activityCsvRow(nulls, 'UTC')).toBe('2026-03-01 12:00:00,,IP_TRUSTLIST_ENTRY_ADDED,SUCCESS,,,,,,\r\n');
    expect(activityCsvRow(entry, 'UTC').split(',').length).toBeGreaterThanOrEqual(ACTIVITY_CSV_COLUMNS.length);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
  });

  it('names the file after the dates', () => {
    expect(activityCsvFileName('2026-03-01', '2026-03-31')).toBe('activity-2026-03-01_2026-03-31.csv');
  });
});
