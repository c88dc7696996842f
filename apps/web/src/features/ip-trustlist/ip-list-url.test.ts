import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { ipPageRequestOf, serviceListPath } from './ip-list-url.ts';

describe('IP trust list URL', () => {
  it('names each list type’s page', () => {
    expect(serviceListPath('DASHBOARD')).toBe('/setting/service-list/dashboard');
    expect(serviceListPath('API')).toBe('/setting/service-list/api');
  });

  it('reads the filters, dropping unknown kinds and versions', () => {
    expect(ipPageRequestOf('API', new URLSearchParams('address=10.&kind=CIDR&version=IPV5'), FIRST_PAGE)).toEqual({
      listType: 'API',
      address: '10.',
      kind: 'CIDR',
      pageSize: 20,
    });
  });
});
