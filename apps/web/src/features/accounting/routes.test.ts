import { REQUEST_KINDS } from '@andes/contract/accounting/enums';
import { permissionEntry } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { detailPathOf, KINDS, listPathOf } from './accounting-kinds.ts';
import { accountingRoutes } from './routes.ts';

describe('accounting routes', () => {
  it('register every list and hidden detail at the permission registry’s route', () => {
    for (const route of accountingRoutes) expect(route.path).toBe(permissionEntry(route.permission).route);
    for (const kind of REQUEST_KINDS) {
      const info = KINDS[kind];
      const list = accountingRoutes.find((r) => r.permission === info.list);
      const detail = accountingRoutes.find((r) => r.permission === info.detail);
      expect(list?.hidden).toBe(false);
      expect(detail?.hidden).toBe(true);
      expect(detail?.menuKey).toBe(list?.menuKey);
      expect(listPathOf(kind)).toBe(list?.path);
      expect(detailPathOf(kind, 7)).toBe(detail?.path.replace(':id', '7'));
    }
  });
});
