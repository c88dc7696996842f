import { ResultCode } from '@andes/contract/common/envelope';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { serverFieldErrors } from './form-errors.ts';

describe('serverFieldErrors', () => {
  it('puts each issue of a validation answer on its field', () => {
    const error = new ApiError(ResultCode.VALIDATION_FAILED, 'Check the highlighted fields', {
      issues: [
        { path: 'email', message: 'Please enter the correct email' },
        { path: 'roleIds.1', message: 'Each role can be chosen once' },
        { path: 'roleIds', message: 'At most 20 roles' },
        { path: 'secretField', message: 'not a form field' },
      ],
    });
    expect(serverFieldErrors(error, ['email', 'roleIds'])).toEqual([
      { name: ['email'], errors: ['Please enter the correct email'] },
      { name: ['roleIds'], errors: ['Each role can be chosen once', 'At most 20 roles'] },
    ]);
  });

  it('has nothing for other failures', () => {
    expect(serverFieldErrors(new ApiError(ResultCode.CONFLICT, 'taken', null), ['email'])).toEqual([]);
    expect(serverFieldErrors(new Error('network'), ['email'])).toEqual([]);
  });
});
