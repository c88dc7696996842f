import { SUPPORT_MESSAGES } from '@andes/contract/support/schemas';
import { describe, expect, it } from 'vitest';
import { supportMessageOf } from './support-messages.ts';

describe('support messages', () => {
  it('know the contract’s texts, with their argument', () => {
    expect(supportMessageOf(SUPPORT_MESSAGES.changed)).toEqual({ key: 'changed', arg: '' });
    expect(supportMessageOf(SUPPORT_MESSAGES.notClosable('CLOSED'))).toEqual({ key: 'notClosable', arg: 'CLOSED' });
    expect(supportMessageOf(SUPPORT_MESSAGES.duplicateOpenCase('CS20260115ABC123'))).toEqual({
      key: 'duplicateOpenCase',
      arg: 'CS20260115ABC123',
    });
    expect(supportMessageOf(SUPPORT_MESSAGES.reopenWindowPassed(30))).toEqual({ key: 'reopenWindowPassed', arg: '30' });
    expect(supportMessageOf('Something else')).toBeNull();
  });
});
