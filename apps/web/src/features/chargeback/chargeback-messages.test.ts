import { RISK_MESSAGES } from '@andes/contract/risk/schemas';
import { describe, expect, it } from 'vitest';
import { chargebackMessageOf } from './chargeback-messages.ts';

describe('chargeback messages', () => {
  it('reads the contract’s refusals back into keys with their argument', () => {
    expect(chargebackMessageOf(RISK_MESSAGES.chargebackNotOpen('DEFENSE_LOST'))).toEqual({ key: 'chargebackNotOpen', arg: 'DEFENSE_LOST' });
    expect(chargebackMessageOf(RISK_MESSAGES.deadlinePassed('2026-01-10'))).toEqual({ key: 'deadlinePassed', arg: '2026-01-10' });
    expect(chargebackMessageOf(RISK_MESSAGES.appendixRequired)).toEqual({ key: 'appendixRequired', arg: '' });
    expect(chargebackMessageOf('Something else')).toBeNull();
  });
});
