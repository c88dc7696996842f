import { addBalances, ZERO_BALANCES } from '@andes/contract/account/schemas';
import { describe, expect, test } from 'vitest';
import { type AccountBuckets, balanceFigures } from './balance-figures.ts';

const buckets = (b: Partial<AccountBuckets>): AccountBuckets => ({
  available: 0,
  pending: 0,
  onHold: 0,
  reserved: 0,
  depositHeld: 0,
  owed: 0,
  ...b,
});

describe('balanceFigures', () => {
  const sample = buckets({ available: 10_000, pending: 2_500, onHold: 700, reserved: 1_200, depositHeld: 300 });

  test('a pay-in account: unavailable is held + reserved + deposit; balance leaves pending out; available can be withdrawn and exchanged', () => {
    expect(balanceFigures(sample, 'PAY_IN')).toEqual({
      balance: 12_200,
      available: 10_000,
      unavailable: 2_200,
      pending: 2_500,
      onHold: 700,
      withdrawable: 10_000,
      exchangeable: 10_000,
      depositHeld: 300,
    });
  });

  test('a payout account can be withdrawn and exchanged from too', () => {
    expect(balanceFigures(sample, 'PAY_OUT')).toMatchObject({ withdrawable: 10_000, exchangeable: 10_000 });
  });

  test('a marketplace account and the global account can be neither withdrawn nor exchanged from', () => {
    expect(balanceFigures(sample, 'MARKET_PLACE')).toMatchObject({ available: 10_000, withdrawable: 0, exchangeable: 0 });
    expect(balanceFigures(sample, null)).toMatchObject({ available: 10_000, withdrawable: 0, exchangeable: 0 });
  });

  test('what the merchant owes lowers the balance (available is then zero)', () => {
    const owing = buckets({ owed: -4_000, depositHeld: 1_000, pending: 5_000 });
    expect(balanceFigures(owing, 'PAY_IN')).toEqual({
      balance: -3_000,
      available: 0,
      unavailable: 1_000,
      pending: 5_000,
      onHold: 0,
      withdrawable: 0,
      exchangeable: 0,
      depositHeld: 1_000,
    });
  });

  test('an account without money has all-zero figures', () => {
    expect(balanceFigures(buckets({}), 'PAY_OUT')).toEqual(ZERO_BALANCES);
  });

  test('the figures of a sum of accounts are the sums of their figures', () => {
    const a = buckets({ available: 1, pending: 2, onHold: 3, reserved: 4, depositHeld: 5 });
    const b = buckets({ owed: -7, pending: 11, depositHeld: 13 });
    const total = addBalances(balanceFigures(a, 'PAY_IN'), balanceFigures(b, 'PAY_IN'));
    expect(total).toEqual({
      balance: 1 + 3 + 4 + 5 - 7 + 13,
      available: 1,
      unavailable: 3 + 4 + 5 + 13,
      pending: 13,
      onHold: 3,
      withdrawable: 1,
      exchangeable: 1,
      depositHeld: 18,
    });
  });
});
