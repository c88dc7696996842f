import { ALARM_MESSAGES } from '@andes/contract/balance-alarm/schemas';
import { describe, expect, it } from 'vitest';
import { alarmOf } from './__tests__/alarm-fixture.ts';
import {
  alarmFormOf,
  alarmMessageKey,
  alarmStateOf,
  thresholdCentsOf,
  thresholdOutcome,
  thresholdProblem,
  updateRequestOf,
} from './alarm-form.ts';

const alarm = alarmOf({
  subscribers: [
    { userId: 7, name: 'Dana Finance' },
    { userId: 9, name: 'Gone User' },
  ],
});

describe('alarm state', () => {
  it('is off without a threshold, below while fired, else OK', () => {
    expect(alarmStateOf({ threshold: null, below: false })).toBe('OFF');
    expect(alarmStateOf({ threshold: 10, below: true })).toBe('BELOW');
    expect(alarmStateOf({ threshold: 10, below: false })).toBe('OK');
  });
});

describe('threshold as typed', () => {
  it('converts units to cents exactly, after the shared normaliser', () => {
    expect(thresholdCentsOf('1,234.5')).toBe(123_450);
    expect(thresholdCentsOf('0.07')).toBe(7);
    expect(thresholdCentsOf('19.99')).toBe(1_999);
    expect(thresholdCentsOf('１２.３')).toBe(1_230);
    expect(thresholdCentsOf('0')).toBeNull();
    expect(thresholdCentsOf('')).toBeNull();
    expect(thresholdCentsOf(undefined)).toBeNull();
  });

  it('is required and greater than 0 only while the alarm is on', () => {
    expect(thresholdProblem(false, '')).toBeNull();
    expect(thresholdProblem(true, ' ')).toBe('required');
    expect(thresholdProblem(true, '0.00')).toBe('invalid');
    expect(thresholdProblem(true, '5')).toBeNull();
  });
});

describe('the dialog', () => {
  it('starts from the alarm in units, keeping only people who may still be notified', () => {
    const { values, dropped } = alarmFormOf(alarm, [{ userId: 7, name: 'Dana Finance' }]);
    expect(values).toEqual({ on: true, threshold: '500.00', subscriberIds: [7] });
    expect(dropped).toEqual([{ userId: 9, name: 'Gone User' }]);
    expect(alarmFormOf({ ...alarm, threshold: null }, []).values).toEqual({ on: false, threshold: '', subscriberIds: [] });
  });

  it('sends cents and the version, null to switch off, nothing while the threshold is wrong', () => {
    expect(updateRequestOf(alarm, { on: true, threshold: '1234.5', subscriberIds: [7, 7, 12] })).toEqual({
      accountId: 31,
      threshold: 123_450,
      subscriberIds: [7, 12],
      version: 3,
    });
    expect(updateRequestOf(alarm, { on: false, threshold: 'x', subscriberIds: [] })).toEqual({
      accountId: 31,
      threshold: null,
      subscriberIds: [],
      version: 3,
    });
    expect(updateRequestOf(alarm, { on: true, threshold: '', subscriberIds: [] })).toBeNull();
  });
});

describe('what saving does at once (the server rule: below the threshold fires)', () => {
  it('fires when a threshold is set above the balance, not when equal to it', () => {
    expect(thresholdOutcome(alarm, true, 100_001)).toBe('fires');
    expect(thresholdOutcome(alarm, true, 100_000)).toBe('watching');
    expect(thresholdOutcome({ ...alarm, threshold: null }, true, 200_000)).toBe('fires');
  });

  it('keeps a fired alarm fired, or recovers it when the threshold drops to the balance or below', () => {
    const fired = { ...alarm, threshold: 150_000, below: true };
    expect(thresholdOutcome(fired, true, 120_000)).toBe('staysBelow');
    expect(thresholdOutcome(fired, true, 100_000)).toBe('recovers');
  });

  it('says off when switched off, and nothing while the threshold is not an amount', () => {
    expect(thresholdOutcome(alarm, false, null)).toBe('off');
    expect(thresholdOutcome(alarm, true, null)).toBeNull();
  });
});

describe('server messages', () => {
  it('maps the known ones to keys of the namespace', () => {
    expect(alarmMessageKey(ALARM_MESSAGES.stale)).toBe('server.stale');
    expect(alarmMessageKey(ALARM_MESSAGES.notRecipient)).toBe('server.notRecipient');
    expect(alarmMessageKey('Something else')).toBeNull();
  });
});
