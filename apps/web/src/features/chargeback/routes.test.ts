import { permissionEntry } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { chargebackDetailPath } from './chargeback-paths.ts';
import { chargebackRoutes } from './routes.ts';

describe('chargeback routes', () => {
  it('register performance, the list and the hidden detail at the permission registry’s routes', () => {
    for (const route of chargebackRoutes) expect(route.path).toBe(permissionEntry(route.permission).route);
    const detail = chargebackRoutes.find((r) => r.permission === 'risk:chargeback-represent-detail');
    expect(detail?.hidden).toBe(true);
    expect(detail?.menuKey).toBe('risk:chargeback-represent');
    expect(chargebackDetailPath(7)).toBe(detail?.path.replace(':id', '7'));
  });
});
