import { COUNTRIES } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { describe, expect, it } from 'vitest';
import { ApiError, RequestError } from '../../shared/api/errors.ts';
import {
  type ApplicationValues,
  checkApplication,
  EMPTY_APPLICATION,
  firstProblemField,
  serverProblems,
  toggled,
} from './account-application.ts';

const REQUEST_ID = '0b8f7a52-4f7e-4c55-9f1e-6a3a5a1b2c3d';

const filled: ApplicationValues = {
  companyName: '  Loja Azul Ltda ',
  contactName: 'Marina Souza',
  email: ' marina@lojaazul.com.br ',
  phone: '',
  website: '',
  countries: ['BR', 'MX'],
  products: ['payin'],
  monthlyVolume: 'FROM_10K_TO_100K',
  message: '',
};

describe('checkApplication', () => {
  it('turns a complete form into the request, trimmed, with the form’s requestId', () => {
    expect(checkApplication(filled, REQUEST_ID)).toEqual({
      ok: true,
      request: {
        requestId: REQUEST_ID,
        companyName: 'Loja Azul Ltda',
        contactName: 'Marina Souza',
        email: 'marina@lojaazul.com.br',
        phone: '',
        website: '',
        countries: ['BR', 'MX'],
        products: ['payin'],
        monthlyVolume: 'FROM_10K_TO_100K',
        message: '',
      },
    });
  });

  it('names what is missing in an empty form, field by field', () => {
    const check = checkApplication(EMPTY_APPLICATION, REQUEST_ID);
    expect(check).toEqual({
      ok: false,
      problems: {
        companyName: { key: 'apply.error.companyName' },
        contactName: { key: 'apply.error.contactName' },
        email: { key: 'apply.error.emailRequired' },
        countries: { key: 'apply.error.countries' },
        products: { key: 'apply.error.products' },
        monthlyVolume: { key: 'apply.error.monthlyVolume' },
      },
    });
  });

  it('tells a wrong value from a missing one, and says how long a field may be', () => {
    const check = checkApplication(
      { ...filled, email: 'marina@', phone: 'call me', companyName: 'x'.repeat(129), message: 'y'.repeat(1001) },
      REQUEST_ID,
    );
    expect(check.ok ? null : check.problems).toEqual({
      companyName: { key: 'apply.error.tooLong', max: 128 },
      email: { key: 'apply.error.email' },
      phone: { key: 'apply.error.phone' },
      message: { key: 'apply.error.tooLong', max: 1000 },
    });
  });

  it('refuses a form without a proper requestId', () => {
    expect(checkApplication(filled, 'not-a-uuid').ok).toBe(false);
  });
});

describe('serverProblems', () => {
  it('puts the server’s own words on the fields of a validation answer', () => {
    const error = new ApiError(ResultCode.VALIDATION_FAILED, 'Check the highlighted fields', {
      issues: [
        { path: 'email', message: 'This domain does not accept mail' },
        { path: 'countries.0', message: 'Not a supported country' },
        { path: 'requestId', message: 'Invalid UUID' },
      ],
    });
    const problems = serverProblems(error);
    expect(problems).toEqual({ email: { text: 'This domain does not accept mail' }, countries: { text: 'Not a supported country' } });
    expect(firstProblemField(problems)).toBe('email');
  });

  it('has nothing for other failures', () => {
    expect(serverProblems(new ApiError(ResultCode.RATE_LIMITED, 'Too many requests', null))).toEqual({});
    expect(serverProblems(new RequestError('network', 'Network error'))).toEqual({});
  });
});

describe('toggled', () => {
  it('adds and removes a choice, keeping the order of the page', () => {
    expect(toggled(['MX'], 'BR', COUNTRIES)).toEqual(['BR', 'MX']);
    expect(toggled(['BR', 'MX'], 'BR', COUNTRIES)).toEqual(['MX']);
  });
});

describe('firstProblemField', () => {
  it('follows the order of the page, not of the object', () => {
    expect(firstProblemField({ message: { key: 'apply.error.tooLong', max: 1000 }, contactName: { key: 'apply.error.contactName' } })).toBe(
      'contactName',
    );
    expect(firstProblemField({})).toBeNull();
  });
});
